import type { FieldProblems } from '../shared/errors.ts';
import type { TermFailure } from '../shared/field-problem.ts';

export type { TermFailure };

/*
 * Why a product field was refused, as data (`TermFailure`, declared with the other field problems
 * in shared/field-problem.ts): the HTTP schemas, the admin forms and the CSV import all run the
 * same checks and turn a failure into text only at the edge (http/messages.ts).
 */

/** A failure and the field it belongs to, as a dotted path: `priceTiers.2.minQuantity`. */
export interface FieldFailure {
  field: string;
  failure: TermFailure;
}

/** Field failures as the `fields` of a validation error (`invalid(...)`): the first per field. */
export const failuresToFields = (failures: readonly FieldFailure[]): FieldProblems => {
  const fields: FieldProblems = {};
  for (const { field, failure } of failures) fields[field] ??= { rule: 'term', failure };
  return fields;
};
