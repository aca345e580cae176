import type { Context } from 'hono';
import type { DomainError, ErrorCode } from '#domain/shared/errors.ts';
import { messages } from '#http/messages.ts';
import type { ErrorDto } from './dto.ts';
import { fieldsOf, messageOf } from './error-messages.ts';
import { errorStatus } from './error-status.ts';

/** The error body every refusal shares (ErrorDto in dto.ts); `fields` only when a field is named. */
export const problemBody = (code: ErrorCode, message: string, fields?: Record<string, string>): ErrorDto => ({
  error: {
    code,
    message,
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  },
});

/** Answers with a use case's refusal: status from the one table, text from the catalogue. */
export const problem = (c: Context, error: DomainError) =>
  c.json(problemBody(error.code, messageOf(error), fieldsOf(error)), errorStatus[error.code]);

/**
 * A 400 VALIDATION_FAILED the edge raises itself (its request schemas, uploads, the file reader),
 * with the texts it chose; the message is the first field's, as for a use case's refusal.
 */
export const invalidFields = (c: Context, fields: Record<string, string>) =>
  problemOf(c, 'VALIDATION_FAILED', Object.values(fields)[0] ?? messages.invalidInput, fields);

/** Errors the HTTP layer raises itself (415, 413, 429, ...), with the text it chose. */
export const problemOf = (c: Context, code: ErrorCode, message: string, fields?: Record<string, string>) =>
  c.json(problemBody(code, message, fields), errorStatus[code]);
