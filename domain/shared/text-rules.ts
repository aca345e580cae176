import { messages } from '../messages.ts';

/** A required text field: present after trimming, at most `max` characters. */
export const requiredTextProblem = (value: string, required: string, max: number): string | null => {
  const trimmed = value.trim();
  if (trimmed === '') return required;
  if (trimmed.length > max) return messages.tooLong(max);
  return null;
};
