import type { Context } from 'hono';
import { domainError, type DomainError, type ErrorCode } from '#domain/shared/errors.ts';
import type { ErrorDto } from './dto.ts';
import { errorStatus } from './error-status.ts';

/** The error body of spec/api.md; `fields` only for validation failures. */
export const problemBody = (error: DomainError): ErrorDto => ({
  error: {
    code: error.code,
    message: error.message,
    ...(error.fields && Object.keys(error.fields).length > 0 ? { fields: error.fields } : {}),
  },
});

/** Answers with a domain error, its status taken from the one table. */
export const problem = (c: Context, error: DomainError) => c.json(problemBody(error), errorStatus[error.code]);

/** Shorthand for errors the HTTP layer raises itself (415, 413, 429, ...). */
export const problemOf = (c: Context, code: ErrorCode, message: string, fields?: Record<string, string>) =>
  problem(c, domainError(code, message, fields));
