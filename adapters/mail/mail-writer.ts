import { writeAccountMail } from '#domain/identity/account-emails.ts';
import type { LinkTokenService } from '#domain/identity/link-token-service.ts';
import type { MailWriter } from '#domain/mail/mail-outbox.ts';
import type { Store } from '#domain/store.ts';
import type { MailSite } from './mail-content.tsx';
import { orderMail } from './order-emails.tsx';
import { quoteMail } from './quote-emails.tsx';

/**
 * Writes each queued mail from its order, quote or account as it is when the mail goes out; a
 * mail about something deleted since (an unpaid order the buyer removed) has nothing left to tell.
 * Account mails carry a link whose token `links` signs at that moment (never stored in the row).
 */
export const createMailWriter = (store: Pick<Store, 'orders' | 'quotes' | 'users'>, site: MailSite, links: LinkTokenService): MailWriter =>
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
      case 'verify-email':
      case 'password-reset':
        return writeAccountMail({ store, links }, { kind: queued.kind, userId: queued.subjectId, appUrl: site.appUrl });
    }
  };
