import { tooLong, type FieldProblem } from './field-problem.ts';

/** A required text field: present after trimming, at most `max` characters. */
export const requiredTextProblem = (value: string, required: FieldProblem, max: number): FieldProblem | null => {
  const trimmed = value.trim();
  if (trimmed === '') return required;
  if (trimmed.length > max) return tooLong(max);
  return null;
};
