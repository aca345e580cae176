import type { FieldProblem } from './field-problem.ts';

/**
 * Every expected failure has one stable code. The HTTP layer maps each code to a status in one
 * exhaustive table (http/error-status.ts), so adding a code here without a status fails to
 * type-check there.
 */
export type ErrorCode = DomainError['code'] | EdgeErrorCode;

/** Codes only the HTTP edge raises (sessions, rate limits, bodies, unconfigured services). */
export type EdgeErrorCode =
  | 'UNAUTHENTICATED'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'GOOGLE_NOT_CONFIGURED'
  | 'SERVICE_UNAVAILABLE';

/**
 * What a use case can refuse, keyed by code and carrying the data the answer needs, never its
 * English: the HTTP edge picks the text from the message catalogue (http/error-messages.ts), so
 * another edge (a CLI, a worker) can say it its own way. Each use case declares the subset it
 * returns with `ErrorOf<...>`.
 */
export type DomainError =
  /**
   * Per-field problems from the rules that refused them (the `*-rules.ts` checks), as data: the
   * edge writes each one's text (field-problem.ts). `unknownProducts`
   * names the fields among them refused because the product they name does not exist (an order's
   * `lines.N.productId`), so an edge that answers that as not found decides on data, not on text.
   */
  | { code: 'VALIDATION_FAILED'; fields: FieldProblems; unknownProducts?: readonly string[] }
  | { code: 'FORBIDDEN' }
  /** `subject` names what is missing when the answer should say so. */
  | { code: 'NOT_FOUND'; subject?: NotFoundSubject }
  | { code: 'INVALID_CREDENTIALS'; reason?: 'google-email-unverified' }
  | { code: 'EMAIL_TAKEN' }
  /** `fields` when lines are refused one by one; without them the edge names the quantity field. */
  | { code: 'INSUFFICIENT_STOCK'; fields?: FieldProblems }
  | { code: 'ADMIN_CANNOT_BUY' }
  /** Ordering needs a proven e-mail address: the buyer opens the link we mailed first. */
  | { code: 'EMAIL_NOT_VERIFIED' }
  | { code: 'ORDER_NOT_DELETABLE' }
  | { code: 'ORDER_NOT_SHIPPABLE' }
  /** Only a paid order that has not shipped can be cancelled. */
  | { code: 'ORDER_NOT_CANCELLABLE' }
  /** Money is given back only on a paid (or shipped) order. */
  | { code: 'ORDER_NOT_REFUNDABLE' }
  /** The refund would pass what was paid; `refundableCents` is what is left. */
  | { code: 'REFUND_EXCEEDS_PAID'; refundableCents: number }
  /** A payment no order could take was already refunded (by an admin, perhaps at the same moment). */
  | { code: 'PAYMENT_ALREADY_REFUNDED' }
  /** The payment provider said no; nothing changed. */
  | { code: 'REFUND_REFUSED'; reason: 'exceeds-payment' | 'not-paid' | 'declined'; detail: string | null }
  /** A return is asked only of a shipped order, within the return window. */
  | { code: 'RETURN_NOT_ALLOWED'; reason: 'not-shipped' | 'window-closed' }
  /** The return is not in the state the step needs; `status` is where it is. */
  | { code: 'RETURN_NOT_OPEN'; status: 'requested' | 'approved' | 'rejected' | 'received' }
  | { code: 'ORDER_ALREADY_PAID' }
  /** Papers that exist only once the order is paid (its invoice). */
  | { code: 'ORDER_NOT_PAID' }
  | { code: 'PAYMENT_NOT_CONFIRMED' }
  | { code: 'CARD_DECLINED' }
  | { code: 'CANNOT_DELETE_SELF' }
  | { code: 'CANNOT_CHANGE_OWN_ROLE' }
  /** The change would leave the shop without an admin. */
  | { code: 'LAST_ADMIN' }
  | { code: 'IDEMPOTENCY_KEY_REUSED' }
  /** The quote is not in the state the step needs (answered once, accepted or declined once, not after expiry); `status` is where it is. */
  | { code: 'QUOTE_NOT_OPEN'; status: 'requested' | 'quoted' | 'accepted' | 'declined' | 'expired' }
  /** The buyer holds as many unpaid orders as one account may (`limit`). */
  | { code: 'TOO_MANY_UNPAID_ORDERS'; limit: number }
  | { code: 'LINK_INVALID'; reason: 'expired' | 'used' | 'invalid' }
  /** Another product holds the part number (compared upper-case). */
  | { code: 'SKU_TAKEN'; sku: string }
  | { code: 'SLUG_TAKEN'; slug: string }
  /** A category with categories or products under it cannot be deleted. */
  | { code: 'CATEGORY_IN_USE'; children: number; products: number }
  /** Companies (docs/companies.md): the caller belongs to no company. */
  | { code: 'NO_COMPANY' }
  /** The user (the caller, or the invited address's account) already belongs to a company. */
  | { code: 'ALREADY_IN_COMPANY' }
  /** A company write only its managers may make. */
  | { code: 'NOT_A_MANAGER' }
  /** A pending invitation to the same address already exists. */
  | { code: 'ALREADY_INVITED' }
  /** No invitation with this token, or it has expired. */
  | { code: 'INVITATION_NOT_FOUND' }
  | { code: 'INVITATION_USED' }
  /** The signed-in user's verified e-mail is not the invited one. */
  | { code: 'INVITATION_FOR_ANOTHER_EMAIL' }
  /** The change would leave the company without a manager. */
  | { code: 'LAST_MANAGER' }
  /** The company has as many sites as one may (MAX_COMPANY_ADDRESSES). */
  | { code: 'TOO_MANY_ADDRESSES' }
  /** The company has as many members as one may (MAX_COMPANY_MEMBERS). */
  | { code: 'TOO_MANY_MEMBERS' }
  /** A catalogue file with bad rows: nothing was written; the report names each row's problem. */
  | { code: 'IMPORT_REFUSED'; report: RefusedRows }
  /** A company order waits for a manager's approval (docs/companies.md, "Approvals"): it cannot be paid yet. */
  | { code: 'AWAITING_APPROVAL' }
  /** The order is not (any more) waiting for approval: decided already, or by another manager at the same time. */
  | { code: 'ORDER_NOT_AWAITING_APPROVAL' }
  /** A manager rejected the company order: there is nothing to pay. */
  | { code: 'ORDER_REJECTED' }
  /** A manager's own order is approved by another manager. */
  | { code: 'CANNOT_APPROVE_OWN_ORDER' };

/**
 * What an all-or-nothing file import refused: each bad row's problem (its spreadsheet row, its
 * column, the problem) and how many rows had one. The catalogue import's report
 * (catalog/catalogue-import.ts) is one; shared/ names only what the answer reads, so it imports
 * nothing from the folders that use it.
 */
export interface RefusedRows {
  errors: readonly { row: number; field: string; problem: FieldProblem }[];
  rowsWithProblems: number;
}

/** A request's refused fields by name (a dotted path for nested ones: `lines.2.quantity`), the first problem of each. */
export type FieldProblems = Record<string, FieldProblem>;

/** The errors of the given codes: a use case's declared failures. */
export type ErrorOf<C extends DomainError['code']> = Extract<DomainError, { code: C }>;

export type NotFoundSubject = 'product' | 'order' | 'category' | 'message' | 'quote' | 'refund' | 'return' | 'payment' | 'company-member' | 'company-invitation' | 'company-address';

export const notFound = (subject?: NotFoundSubject): ErrorOf<'NOT_FOUND'> =>
  subject ? { code: 'NOT_FOUND', subject } : { code: 'NOT_FOUND' };
export const forbidden = (): ErrorOf<'FORBIDDEN'> => ({ code: 'FORBIDDEN' });
export const invalid = (fields: FieldProblems): ErrorOf<'VALIDATION_FAILED'> => ({ code: 'VALIDATION_FAILED', fields });

/** A failure that carries nothing but its code. */
export const refusal = <C extends Exclude<DomainError, { code: 'VALIDATION_FAILED' | 'LINK_INVALID' | 'IMPORT_REFUSED' | 'SKU_TAKEN' | 'SLUG_TAKEN' | 'CATEGORY_IN_USE' | 'TOO_MANY_UNPAID_ORDERS' | 'QUOTE_NOT_OPEN' | 'REFUND_EXCEEDS_PAID' | 'REFUND_REFUSED' | 'RETURN_NOT_ALLOWED' | 'RETURN_NOT_OPEN' }>['code']>(code: C) =>
  ({ code }) as Extract<DomainError, { code: C }>;

/**
 * Why the shop's own database cannot serve a request just now (docs/operations.md, "When something
 * fails"): it cannot be reached, its disk is full, it only reads, or another writer held its lock
 * past the wait. Not the caller's mistake and not a bug: the HTTP edge answers 503 with
 * `Retry-After`, and health reports it until the database serves again.
 */
export type StorageFailure = 'unreachable' | 'full' | 'read-only' | 'busy';

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
