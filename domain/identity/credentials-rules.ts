import { messages } from '../messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './user.ts';

/** Anchored, case-insensitive, and strict enough to catch typos; the real check is the inbox. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

export const emailProblem = (email: string): string | null => {
  const trimmed = email.trim();
  if (trimmed === '') return messages.emailRequired;
  if (trimmed.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(trimmed)) return messages.emailInvalid;
  return null;
};

export const passwordProblem = (password: string): string | null => {
  if (password === '') return messages.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return messages.passwordTooLong;
  return null;
};

export const nameProblem = (name: string): string | null => {
  const trimmed = name.trim();
  if (trimmed === '') return messages.nameRequired;
  if (trimmed.length > MAX_NAME_LENGTH) return messages.tooLong(MAX_NAME_LENGTH);
  return null;
};
