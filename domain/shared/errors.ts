import { messages } from '../messages.ts';

/**
 * Every expected failure has one stable code. The HTTP layer maps each code to a status in one
 * exhaustive table, so adding a code here without a status fails to type-check there.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_TAKEN'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INSUFFICIENT_STOCK'
  | 'ADMIN_CANNOT_BUY'
  | 'ORDER_NOT_DELETABLE'
  | 'ORDER_NOT_SHIPPABLE'
  | 'ORDER_ALREADY_PAID'
  | 'PAYMENT_NOT_CONFIRMED'
  | 'CARD_DECLINED'
  | 'CANNOT_DELETE_SELF'
  | 'GOOGLE_NOT_CONFIGURED'
  | 'LINK_INVALID'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'SERVICE_UNAVAILABLE';

export interface DomainError {
  code: ErrorCode;
  message: string;
  /** Per-field messages, only for validation failures. */
  fields?: Record<string, string>;
}

export const domainError = (
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): DomainError => (fields ? { code, message, fields } : { code, message });

export const notFound = (): DomainError => domainError('NOT_FOUND', messages.notFound);
export const forbidden = (): DomainError => domainError('FORBIDDEN', messages.forbidden);
export const invalid = (fields: Record<string, string>): DomainError =>
  domainError('VALIDATION_FAILED', Object.values(fields)[0] ?? messages.invalidInput, fields);

/** A service outside the shop that a request needed. */
export type OutsideService = 'mail' | 'payments' | 'images';

/**
 * Thrown by an adapter when the service behind it (the mail server, the payment provider, the
 * image host) failed or could not be reached: not the caller's mistake and not our bug, so the
 * HTTP layer answers 503 with `serviceUnavailable` and logs the cause.
 */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: OutsideService,
    options: { cause: unknown },
  ) {
    super(`${service} service unavailable`, options);
    this.name = 'ServiceUnavailableError';
  }
}
