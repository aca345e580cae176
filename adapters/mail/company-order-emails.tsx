import type { CompanyOrderMailKind } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import type { Order } from '#domain/ordering/order.ts';
import { formatCents } from '#domain/shared/money.ts';
import { composeMail, type MailContent, type MailSite } from './mail-content.tsx';
import { items, orderFacts } from './order-emails.tsx';

const REASON_TEXT = {
  'over-limit': "it would take them past their monthly spending limit",
  'over-threshold': "its total reaches the company's approval threshold",
} as const;

/**
 * A company order's approval e-mails (docs/companies.md, "Approvals"), from the order as it is
 * when the mail goes out: the managers (`to`, every manager's address) hear that a buyer's order
 * waits; the buyer hears that it was approved (with the link to pay) or rejected (with the reason).
 */
const content = (kind: CompanyOrderMailKind, order: Order, site: MailSite, to: string): MailContent => {
  switch (kind) {
    case 'company-order-awaiting-approval':
      return {
        to,
        subject: `Order ${order.number} by ${order.customerName} waits for your approval: ${formatCents(order.totalCents)}`,
        preview: `${order.customerName}'s order waits because ${order.approval ? REASON_TEXT[order.approval.reason] : 'it needs a manager'}.`,
        blocks: [
          { kind: 'title', text: 'An order waits for your approval' },
          {
            kind: 'paragraph',
            text: `${order.customerName} (${order.email}) placed an order that waits for a manager because ${order.approval ? REASON_TEXT[order.approval.reason] : 'it needs a manager'}. Its items are reserved meanwhile.`,
          },
          items(order),
          { kind: 'facts', facts: orderFacts(order) },
          { kind: 'action', label: 'Approve or reject it', href: `${site.appUrl}/dashboard/company` },
        ],
      };
    case 'company-order-approved':
      return {
        to,
        subject: `Order ${order.number} approved: ${formatCents(order.totalCents)} to pay`,
        preview: 'A manager of your company approved your order. You can pay for it now.',
        blocks: [
          { kind: 'title', text: 'Your order was approved' },
          { kind: 'paragraph', text: `Hello ${order.customerName}, a manager of your company approved your order. Pay for it to have it shipped.` },
          items(order),
          { kind: 'facts', facts: orderFacts(order) },
          { kind: 'action', label: `Pay ${formatCents(order.totalCents)} now`, href: `${site.appUrl}/dashboard/payment/${order.id}` },
        ],
      };
    case 'company-order-rejected':
      return {
        to,
        subject: `Order ${order.number} was not approved`,
        preview: order.approval?.rejectionReason ?? 'A manager of your company rejected your order.',
        blocks: [
          { kind: 'title', text: 'Your order was not approved' },
          { kind: 'paragraph', text: `Hello ${order.customerName}, a manager of your company rejected your order; its items are back on the shelf.` },
          { kind: 'facts', facts: [['Reason', order.approval?.rejectionReason ?? null], ...orderFacts(order)] },
          items(order),
          { kind: 'action', label: 'See your orders', href: `${site.appUrl}/dashboard` },
        ],
      };
  }
};

/** The e-mail of `kind` about `order`, to `to` (the managers, or the buyer). */
export const companyOrderMail = (kind: CompanyOrderMailKind, order: Order, site: MailSite, to: string): Mail => composeMail(content(kind, order, site, to), site);
