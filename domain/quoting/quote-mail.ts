import type { QuoteMailKind } from '../mail/mail-outbox.ts';
import type { QuoteStatus } from './quote.ts';

const MAIL_OF: Record<QuoteStatus, readonly QuoteMailKind[]> = {
  // The buyer's receipt, and the shop's notice with a link to answer it.
  requested: ['quote-received', 'shop-quote-requested'],
  // The offer per line, the total, how long it holds and whether the stock is held.
  quoted: ['quote-answered'],
  // The buyer's mail names the order and its link to pay, so no order-placed mail goes beside it;
  // and the shop hears of it.
  accepted: ['quote-accepted', 'shop-quote-accepted'],
  declined: ['shop-quote-declined'],
  // An offer that ran out tells nobody.
  expired: [],
};

/**
 * The mails a quote's move to `status` sends (docs/email.md, "E-mail", "Requests for quote"). The use
 * case hands them to the store method that moves the quote, which queues them in the same
 * transaction, only when the move happens; the store decides none of them.
 */
export const quoteMail = (status: QuoteStatus): readonly QuoteMailKind[] => MAIL_OF[status];
