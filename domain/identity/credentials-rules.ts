import { problem, type FieldProblem } from '../shared/field-problem.ts';
import { requiredTextProblem } from '../shared/text-rules.ts';

/**
 * The account rules, written once: the domain's use cases, the HTTP request schemas
 * (http/schemas.ts), the web forms and the configuration (ADMIN_EMAIL, ADMIN_PASSWORD) all use
 * these checks and limits.
 */

/**
 * Exactly one mailbox, anchored and strict enough to catch typos (the real check is the inbox):
 * no whitespace and none of `, ; < > "`, which would make the address a list or a display name
 * and send the mail elsewhere.
 */
export const EMAIL_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]{2,}$/;
export const MAX_EMAIL_LENGTH = 254;

/**
 * Invisible and format characters (zero-width spaces and joiners, bidi controls, soft hyphens,
 * control characters): an address carrying one looks like another account's and is refused.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * One spelling per mailbox: NFKC folds full-width and compatibility letters to their plain form,
 * then trimmed and lower-cased, so look-alikes compare (and are stored) equal.
 */
export const normalizeEmail = (email: string): string => email.normalize('NFKC').trim().toLowerCase();
export const MAX_NAME_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const isEmailAddress = (email: string): boolean => {
  if (INVISIBLE.test(email)) return false;
  const normalized = normalizeEmail(email);
  return normalized.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(normalized);
};

export const emailProblem = (email: string): FieldProblem | null => {
  const trimmed = email.trim();
  if (trimmed === '') return problem('emailRequired');
  if (!isEmailAddress(trimmed)) return problem('emailInvalid');
  return null;
};

export const passwordProblem = (password: string): FieldProblem | null => {
  if (password === '') return problem('passwordRequired');
  if (password.length < PASSWORD_MIN_LENGTH) return problem('passwordTooShort');
  if (password.length > PASSWORD_MAX_LENGTH) return problem('passwordTooLong');
  return null;
};

/**
 * Control characters (line breaks, tabs, NUL, U+007F–U+009F): a name is one line, and it is
 * written into mail headers and subjects (docs/email.md, "E-mail"), where a line break would start a
 * header of its own.
 */
const CONTROL = /\p{Cc}/u;

export const nameProblem = (name: string): FieldProblem | null =>
  requiredTextProblem(name, problem('nameRequired'), MAX_NAME_LENGTH) ?? (CONTROL.test(name) ? problem('controlCharacters') : null);
