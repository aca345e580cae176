/**
 * The audit log's filters as URL search params (docs/audit-log.md, "Audit log"), so Back restores them.
 * Anything the URL holds that is not a valid choice is dropped rather than refused, as on Manage
 * All Orders.
 */
import { oneOf, searchChoices, text } from '../../lib/search-choices.ts';
import { AUDIT_KINDS, type AuditKind } from '#domain/audit/audit-log.ts';

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'user-made-admin': 'Made admin',
  'user-admin-removed': 'Admin role removed',
  'user-deleted': 'User deleted',
  'product-created': 'Product created',
  'product-edited': 'Product edited',
  'product-deleted': 'Product deleted',
  'order-shipped': 'Order shipped',
  'order-deleted': 'Order deleted',
  'order-cancelled': 'Order cancelled',
  'order-refunded': 'Order refunded',
  'return-approved': 'Return approved',
  'return-rejected': 'Return rejected',
  'return-received': 'Return received',
  'payment-refunded': 'Payment refunded',
  'review-removed': 'Review removed',
  'quote-answered': 'Quote answered',
  'catalogue-imported': 'Catalogue imported',
  'category-created': 'Category created',
  'category-edited': 'Category edited',
  'category-deleted': 'Category deleted',
  'contact-message-marked': 'Message marked read or unread',
  'company-created': 'Company created',
  'company-updated': 'Company edited',
  'company-member-invited': 'Company member invited',
  'company-invitation-cancelled': 'Company invitation cancelled',
  'company-member-joined': 'Company member joined',
  'company-member-changed': 'Company member changed',
  'company-member-removed': 'Company member removed',
  'company-address-added': 'Company site added',
  'company-address-changed': 'Company site changed',
  'company-address-removed': 'Company site removed',
  'company-discount-changed': 'Company discount changed',
  'company-prices-replaced': 'Company prices replaced',
  'company-order-approved': 'Company order approved',
  'company-order-rejected': 'Company order rejected',
};

export const auditSearchSchema = searchChoices({
  kind: oneOf(AUDIT_KINDS),
  // A user id or an e-mail address (254 characters at most).
  actor: text({ min: 1, max: 254 }),
});

export type AuditSearch = ReturnType<typeof auditSearchSchema>;
