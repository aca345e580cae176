import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { messages } from '#http/messages.ts';
import { invalidFields } from './problem.ts';

/** Lists whose problems are reported on the item's own field (`lines.2.quantity`, a contract price's `prices.3.productId`), naming the line. */
const ITEMISED = new Set(['lines', 'prices']);

/**
 * Turns zod issues into `fields`: the first message per top-level field (a nested card number
 * problem is reported on `card`, as the card form shows one line under the card), except in an
 * order's lines, where each line's field is named. Issues about the body as a whole (an array
 * instead of an object, say) get the generic catalogue text on `body`.
 */
export const fieldsOf = (issues: readonly z.core.$ZodIssue[]): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const [first] = issue.path;
    const key = first === undefined ? 'body' : ITEMISED.has(String(first)) ? issue.path.map(String).join('.') : String(first);
    fields[key] ??= first === undefined && issue.code !== 'custom' ? messages.invalidInput : issue.message;
  }
  return fields;
};

/** Parse-level error map: used only where a schema gives no message of its own. */
const catalogueFallback = { error: () => messages.invalidInput };

/**
 * What a `validate()` middleware checks, kept on the middleware itself so that the API's own
 * description (http/openapi.ts, docs/api.md "The API described") reads the very schemas the routes use.
 */
export const VALIDATES = Symbol('validates');
export interface Validates {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}
/** The target and schema a route's handler validates, when it is a `validate()` middleware. */
export const validatesOf = (handler: unknown): Validates | undefined =>
  typeof handler === 'function' && VALIDATES in handler ? (handler as { [VALIDATES]: Validates })[VALIDATES] : undefined;

/**
 * zod validation of one part of the request. A failure is a 400 VALIDATION_FAILED with `fields`;
 * unknown keys are stripped by the schemas, so a client-sent price or status never gets through.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  Object.assign(zValidatorFor(target, schema), { [VALIDATES]: { target, schema } satisfies Validates });

const zValidatorFor = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(
    target,
    schema,
    (result, c) => {
      if (!result.success) return invalidFields(c, fieldsOf(result.error.issues));
    },
    // A check without its own catalogue text (an id's length, a page size) must not answer in
    // zod's default English: the catalogue's generic text stands in for it. (The validator's
    // result type is conditional on the schema and cannot be named for a generic one.)
    { validationFunction: (s, value) => s.safeParseAsync(value, catalogueFallback) as Promise<never> },
  );
