import { prepareInvitationMail } from '#domain/companies/invitations.ts';
import { prepareAccountMail } from '#domain/identity/account-emails.ts';
import type { LinkTokenService } from '#domain/identity/link-token-service.ts';
import type { MailWriter } from '#domain/mail/mail-outbox.ts';
import type { Clock } from '#domain/shared/clock.ts';
import type { Store } from '#domain/store.ts';
import { accountMail } from './account-emails.ts';
import { afterSaleMail } from './after-sale-emails.tsx';
import { invitationMail } from './company-emails.tsx';
import type { MailSite } from './mail-content.tsx';
import { orderMail } from './order-emails.tsx';
import { companyOrderMail } from './company-order-emails.tsx';
import { monthStartUtc } from '#domain/companies/approval.ts';
import { quoteMail } from './quote-emails.tsx';

/**
 * Writes each queued mail from its order, quote or account as it is when the mail goes out; a
 * mail about something deleted since (an unpaid order the buyer removed) has nothing left to tell.
 * Account mails carry a link whose token `links` signs at that moment (never stored in the row);
 * a company invitation's link token is derived again from the invitation (only its hash is stored).
 */
export const createMailWriter = (
  store: Pick<Store, 'orders' | 'quotes' | 'users' | 'afterSale' | 'companies'>,
  site: MailSite,
  links: LinkTokenService,
  clock: Clock = { now: () => new Date() },
): MailWriter =>
  async (queued) => {
    /**
     * SHOP_EMAIL when set; otherwise every admin, so a quote never waits in a no-reply mailbox
     * (docs/email.md, "Notifications to the shop"). A shop without admins keeps its contact address.
     */
    const shopRecipients = async (): Promise<string> => {
      if (site.shop.notifyTo !== null) return site.shop.notifyTo;
      const admins = await store.users.adminEmails();
      return admins.length > 0 ? admins.join(', ') : site.shop.email;
    };
    switch (queued.kind) {
      case 'order-placed':
      case 'order-paid':
      case 'order-shipped': {
        const order = await store.orders.findById(queued.subjectId);
        return order ? orderMail(queued.kind, order, site) : null;
      }
      case 'company-order-awaiting-approval': {
        // Every manager of the order's company, while the order still waits (docs/companies.md, "Approvals").
        const order = await store.orders.findById(queued.subjectId);
        if (!order || order.status !== 'awaiting-approval' || order.companyId === null) return null;
        const managers = (await store.companies.members(order.companyId, monthStartUtc(queued.createdAt))).filter((member) => member.role === 'manager');
        return managers.length === 0 ? null : companyOrderMail(queued.kind, order, site, managers.map((member) => member.email).join(', '));
      }
      case 'company-order-approved':
      case 'company-order-rejected': {
        const order = await store.orders.findById(queued.subjectId);
        return order ? companyOrderMail(queued.kind, order, site, order.email) : null;
      }
      case 'order-cancelled': {
        const order = await store.orders.findById(queued.subjectId);
        return order && afterSaleMail(queued.kind, { order }, site);
      }
      case 'refund-made': {
        const refund = await store.afterSale.findRefund(queued.subjectId);
        const order = refund && (await store.orders.findById(refund.orderId));
        return order ? afterSaleMail(queued.kind, { order, refund }, site) : null;
      }
      case 'return-requested':
      case 'return-approved':
      case 'return-rejected':
      case 'return-received': {
        const ret = await store.afterSale.findReturn(queued.subjectId);
        const order = ret && (await store.orders.findById(ret.orderId));
        const refund = ret?.refundId ? await store.afterSale.findRefund(ret.refundId) : null;
        return order ? afterSaleMail(queued.kind, { order, ret, refund }, site) : null;
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
        const mail = quoteMail(queued.kind, quote, order, site);
        if (!queued.kind.startsWith('shop-')) return mail;
        return { ...mail, to: await shopRecipients() };
      }
      case 'verify-email':
      case 'password-reset': {
        const prepared = await prepareAccountMail({ store, links }, { kind: queued.kind, userId: queued.subjectId, appUrl: site.appUrl });
        return prepared && accountMail(prepared);
      }
      case 'company-invitation': {
        const prepared = await prepareInvitationMail({ store, links, clock }, queued.subjectId, site.appUrl);
        return prepared && invitationMail(prepared, site);
      }
    }
  };
