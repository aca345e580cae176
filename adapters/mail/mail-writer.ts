import type { MailWriter } from '#domain/mail/mail-outbox.ts';
import type { Store } from '#domain/store.ts';
import { orderMail, type MailSite } from './order-emails.tsx';

/**
 * Writes each queued mail from its order (or quote) as it is when the mail goes out; a mail about
 * something deleted since (an unpaid order the buyer removed) has nothing left to tell.
 */
export const createMailWriter = (store: Pick<Store, 'orders'>, site: MailSite): MailWriter =>
  async (queued) => {
    switch (queued.kind) {
      case 'order-placed':
      case 'order-paid':
      case 'order-shipped': {
        const order = await store.orders.findById(queued.subjectId);
        return order ? orderMail(queued.kind, order, site) : null;
      }
    }
  };
