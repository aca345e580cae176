import type { FieldProblems } from '../shared/errors.ts';
import { problem, tooLong, type FieldProblem } from '../shared/field-problem.ts';
import { phoneProblem } from '../shared/phone.ts';
import { requiredTextProblem } from '../shared/text-rules.ts';

/**
 * The company rules, written once (docs/companies.md): the use cases, the HTTP request schemas
 * and the web forms use these limits.
 */
export const MAX_COMPANY_NAME_LENGTH = 120;
export const MAX_TAX_ID_LENGTH = 40;
export const MAX_SITE_LABEL_LENGTH = 60;
export const MAX_RECIPIENT_LENGTH = 100;
export const MAX_SITE_ADDRESS_LENGTH = 500;
/** A monthly limit or an approval threshold: whole cents from 0 up to a billion dollars. */
export const MAX_COMPANY_AMOUNT_CENTS = 100_000_000_000;

export const companyNameProblem = (name: string): FieldProblem | null => requiredTextProblem(name, problem('companyNameRequired'), MAX_COMPANY_NAME_LENGTH);
export const taxIdProblem = (taxId: string | null): FieldProblem | null => (taxId !== null && taxId.trim().length > MAX_TAX_ID_LENGTH ? tooLong(MAX_TAX_ID_LENGTH) : null);
/** null (no limit, no threshold) or whole cents from 0 to MAX_COMPANY_AMOUNT_CENTS. */
export const amountProblem = (cents: number | null): FieldProblem | null =>
  cents === null || (Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_COMPANY_AMOUNT_CENTS) ? null : problem('centsInvalid');

/** A tax id as kept: trimmed, and null when empty. */
export const cleanTaxId = (taxId: string | null | undefined): string | null => {
  const trimmed = taxId?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export interface SiteFields {
  label: string;
  recipient: string;
  phone: string;
  address: string;
}

/** The problems of the given site fields (all of them for a new site, the changed ones for an edit). */
export const siteProblems = (fields: Partial<SiteFields>): FieldProblems => {
  const found: FieldProblems = {};
  const check = (name: keyof SiteFields, refused: FieldProblem | null) => {
    if (refused) found[name] = refused;
  };
  if (fields.label !== undefined) check('label', requiredTextProblem(fields.label, problem('siteLabelRequired'), MAX_SITE_LABEL_LENGTH));
  if (fields.recipient !== undefined) check('recipient', requiredTextProblem(fields.recipient, problem('recipientRequired'), MAX_RECIPIENT_LENGTH));
  if (fields.phone !== undefined) check('phone', phoneProblem(fields.phone));
  if (fields.address !== undefined) check('address', requiredTextProblem(fields.address, problem('addressRequired'), MAX_SITE_ADDRESS_LENGTH));
  return found;
};
