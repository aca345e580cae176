import { problem, type FieldProblem } from './field-problem.ts';

/** Longer than any number typed with separators; anything longer is not a phone number. */
export const MAX_PHONE_LENGTH = 40;

/**
 * Phone numbers are typed with spaces, dashes, dots, brackets and a leading +; we keep the
 * digits (and the +) so that "+1 (555) 010-2030" and "+15550102030" are the same number.
 */
export const normalizePhone = (input: string): string | null => {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  return input.trim().length <= MAX_PHONE_LENGTH && /^\+?\d{6,20}$/.test(compact) ? compact : null;
};

/** The phone rule of orders and profiles: present, then a number `normalizePhone` accepts. */
export const phoneProblem = (phone: string): FieldProblem | null => {
  if (phone.trim() === '') return problem('phoneRequired');
  if (normalizePhone(phone) === null) return problem('phoneNotDigits');
  return null;
};
