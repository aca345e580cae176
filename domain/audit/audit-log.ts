import type { User } from '../identity/user.ts';
import type { Page, PageRequest } from '../shared/page.ts';

/**
 * The audit log (docs/audit-log.md, "Audit log"): every admin action, with who, when, what and the values
 * before and after. Entries are written by the store in the same transaction as the change they
 * record, so a change never goes unrecorded and a refused one leaves no entry.
 *
 * Its own folder, below the use cases that write it (catalog, identity, ordering, content,
 * quoting) and the repositories that take an `AuditNote`: it imports no use case and no store,
 * so none of them closes an import cycle through it. Reading the log is `list-audit-log.ts`.
 */
export const AUDIT_KINDS = [
  'user-made-admin',
  'user-admin-removed',
  'user-deleted',
  'product-created',
  'product-edited',
  'product-deleted',
  'order-shipped',
  'order-deleted',
  'order-cancelled',
  'order-refunded',
  'return-approved',
  'return-rejected',
  'return-received',
  'payment-refunded',
  'review-removed',
  'quote-answered',
  'catalogue-imported',
  'category-created',
  'category-edited',
  'category-deleted',
  'contact-message-marked',
  'company-created',
  'company-updated',
  'company-member-invited',
  'company-invitation-cancelled',
  'company-member-joined',
  'company-member-changed',
  'company-member-removed',
  'company-address-added',
  'company-address-changed',
  'company-address-removed',
  'company-discount-changed',
  'company-prices-replaced',
  'company-order-approved',
  'company-order-rejected',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const isAuditKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

export interface AuditEntry {
  id: string;
  at: Date;
  actorId: string;
  actorEmail: string;
  kind: AuditKind;
  /** The id of the user, product, order, review, quote, category or contact message acted on. */
  subjectId: string;
  /** One line for people: what was done to what. */
  summary: string;
  /** The values before and after, as JSON (dates as ISO strings); null when there were none. */
  before: unknown;
  after: unknown;
}

/**
 * What a use case hands the store method that makes the change; the store adds the id and writes
 * the entry only when the change happens. `after` left undefined means "the stored result" (a
 * created or edited product as saved).
 */
export type AuditNote = Omit<AuditEntry, 'id' | 'after'> & { after?: unknown };

export interface AuditFilter {
  actorId?: string | undefined;
  kind?: AuditKind | undefined;
}

export interface AuditLogRepository {
  /** One page of entries, newest first (at desc, id desc), narrowed by actor and kind; the cursor is opaque. */
  list(filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>>;
}

/**
 * How many items of a long list (the SKUs of a catalogue import) an entry keeps. An entry stays a
 * few hundred bytes however much the change touched, so a page of 50 entries stays small
 * (docs/audit-log.md, "Audit log"); the log says who did what, not every value a bulk change wrote.
 */
export const AUDIT_LIST_SAMPLE = 10;

/** A long list as an entry keeps it: how many there were, the first few and how many more. */
export interface ListSample<T> {
  count: number;
  first: T[];
  more: number;
}

export const sampleOf = <T>(items: readonly T[], keep = AUDIT_LIST_SAMPLE): ListSample<T> => ({
  count: items.length,
  first: items.slice(0, keep),
  more: Math.max(0, items.length - keep),
});

/** The note a use case passes for an action by `actor`. */
export const auditNote = (
  actor: User,
  at: Date,
  note: { kind: AuditKind; subjectId: string; summary: string; before?: unknown; after?: unknown },
): AuditNote => ({ actorId: actor.id, actorEmail: actor.email, at, before: null, ...note });
