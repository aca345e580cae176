import type { OrderMailKind } from '../mail/mail-outbox.ts';

/** The steps of an order that tell the buyer something (docs/email.md, "E-mail"). */
export type OrderChange = 'placed' | 'paid' | 'shipped';

const MAIL_OF: Record<OrderChange, readonly OrderMailKind[]> = {
  // Its lines, total and a link to pay.
  placed: ['order-placed'],
  // The receipt, with the invoice number and the transaction id.
  paid: ['order-paid'],
  // The carrier and tracking number, when the admin gave them.
  shipped: ['order-shipped'],
};

/**
 * The mails a step of an order sends (docs/email.md, "E-mail"). The use case hands them to the store
 * method that makes the step, which queues them in the same transaction, only when the step
 * happens; the store decides none of them. An order made by accepting a quote sends the quote's
 * mails instead (quoting/quote-mail.ts).
 */
export const orderMail = (change: OrderChange): readonly OrderMailKind[] => MAIL_OF[change];
