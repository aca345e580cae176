import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '#domain/shared/errors.ts';

/**
 * The one table from domain error code to HTTP status (http/README.md). It is a full Record, so a
 * new ErrorCode without a status fails to type-check here.
 *
 * 403 is kept for "signed in but not allowed": the web app signs the user out on a 401/403 from a
 * signed-in call, so refusals that are about the data, not the role (deleting oneself), are 409.
 */
export const errorStatus: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  LINK_INVALID: 400,
  IMPORT_REFUSED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CARD_DECLINED: 402,
  FORBIDDEN: 403,
  ADMIN_CANNOT_BUY: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  INSUFFICIENT_STOCK: 409,
  ORDER_NOT_DELETABLE: 409,
  ORDER_NOT_SHIPPABLE: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_NOT_PAID: 409,
  PAYMENT_NOT_CONFIRMED: 409,
  CANNOT_CHANGE_OWN_ROLE: 409,
  LAST_ADMIN: 409,
  CANNOT_DELETE_SELF: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  QUOTE_NOT_OPEN: 409,
  ORDER_NOT_CANCELLABLE: 409,
  ORDER_NOT_REFUNDABLE: 409,
  REFUND_EXCEEDS_PAID: 409,
  PAYMENT_ALREADY_REFUNDED: 409,
  RETURN_NOT_ALLOWED: 409,
  RETURN_NOT_OPEN: 409,
  // The payment provider said no: not the caller's request and not our bug (the message says why).
  REFUND_REFUSED: 502,
  TOO_MANY_UNPAID_ORDERS: 409,
  SKU_TAKEN: 409,
  SLUG_TAKEN: 409,
  CATEGORY_IN_USE: 409,
  // Companies (docs/companies.md): the shared contract's statuses. NOT_A_MANAGER and
  // INVITATION_FOR_ANOTHER_EMAIL are 403 by that contract; the web app reads their codes and keeps the session.
  NO_COMPANY: 404,
  INVITATION_NOT_FOUND: 404,
  NOT_A_MANAGER: 403,
  INVITATION_FOR_ANOTHER_EMAIL: 403,
  ALREADY_IN_COMPANY: 409,
  ALREADY_INVITED: 409,
  INVITATION_USED: 409,
  LAST_MANAGER: 409,
  TOO_MANY_ADDRESSES: 409,
  TOO_MANY_MEMBERS: 409,
  CANNOT_APPROVE_OWN_ORDER: 403,
  AWAITING_APPROVAL: 409,
  ORDER_NOT_AWAITING_APPROVAL: 409,
  ORDER_REJECTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  GOOGLE_NOT_CONFIGURED: 503,
  SERVICE_UNAVAILABLE: 503,
};
