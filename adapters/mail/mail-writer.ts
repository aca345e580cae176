import type { MailWriter } from '#domain/mail/mail-outbox.ts';
import type { Store } from '#domain/store.ts';
import type { MailSite } from './mail-content.tsx';
import { orderMail } from './order-emails.tsx';
import { quoteMail } from './quote-emails.tsx';

/**
 * Writes each queued mail from its order (or quote) as it is when the mail goes out; a mail about
 * something deleted since (an unpaid order the buyer removed) has nothing left to tell.
 */
export const createMailWriter = (store: Pick<Store, 'orders' | 'quotes'>, site: MailSite): MailWriter =>
  async (queued) => {
    switch (queued.kind) {
      case 'order-placed':
      case 'order-paid':
      case 'order-shipped': {
        const order = await store.orders.findById(queued.subjectId);
        return order ? orderMail(queued.kind, order, site) : null;
      }
      case 'quote-received':
      case 'quote-answered':
      case 'quote-accepted':
      case 'shop-quote-requested':
      case 'shop-quote-accepted':
      case 'shop-quote-declined': {
        const quote = await store.quotes.findById(queued.subjectId);
        if (!quote) return null;
        const order = quote.orderId ? await store.orders.findById(quote.orderId) : null;
        return quoteMail(queued.kind, quote, order, site);
      }
    }
  };
