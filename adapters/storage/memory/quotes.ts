import { formatOrderNumber, formatQuoteNumber, numberingYear } from '#domain/ordering/order-number.ts';
import type { ShortLine } from '#domain/ordering/order-repository.ts';
import { HOLDING_STATUSES, type Order } from '#domain/ordering/order.ts';
import { offeredLines, type Quote } from '#domain/quoting/quote.ts';
import type { QuoteRepository, QuoteSearch } from '#domain/quoting/quote-repository.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { queueMails } from './outbox.ts';
import { recordAudit } from './audit.ts';
import { approvalReason, checkQuantity, copy, copyOrNull, nextNumber, placedApproval, type MemoryTables } from './tables.ts';

/**
 * Quotes in memory (docs/orders.md, "Requests for quote"). Each method works synchronously between
 * awaits, so holding, accepting and closing are atomic as the SQL transactions are.
 */
export function createMemoryQuotes(tables: MemoryTables): QuoteRepository {
  const { quotes, products, orders } = tables;
  const matches = (search: QuoteSearch) => (quote: Quote) => search.status === undefined || quote.status === search.status;

  /** Every line's units off the shelf, or the short lines and nothing taken. */
  const take = (lines: readonly { productId: string | null; quantity: number }[]): ShortLine[] | { missing: number } => {
    const short: ShortLine[] = [];
    for (const [index, line] of lines.entries()) {
      const product = line.productId === null ? undefined : products.get(line.productId);
      if (!product) return { missing: index };
      if (product.stock < line.quantity) short.push({ index, available: product.stock });
    }
    if (short.length > 0) return short;
    for (const line of lines) products.get(line.productId!)!.stock -= line.quantity;
    tables.catalog.changed(null);
    return [];
  };

  return {
    async create(quote, mail) {
      const year = numberingYear(quote.createdAt);
      const stored: Quote = { ...copy(quote), number: formatQuoteNumber(year, nextNumber(tables, 'quote', year)) };
      quotes.set(quote.id, stored);
      queueMails(tables, mail, quote.id, quote.createdAt);
      return copy(stored);
    },
    async findById(id) {
      return copyOrNull(quotes.get(id));
    },
    async listByUser(userId, page) {
      return newestFirst([...quotes.values()].filter((quote) => quote.userId === userId), page, byId);
    },
    async listAll(search, page) {
      return newestFirst([...quotes.values()].filter(matches(search)), page, byId);
    },
    async count(search) {
      return [...quotes.values()].filter(matches(search)).length;
    },
    async answer(id, offer, audit, mail) {
      const quote = quotes.get(id);
      if (!quote || quote.status !== 'requested') return fail({ code: 'not-open', status: quote?.status ?? null });
      const lines = quote.lines.map((line, position) => {
        const offered = offer.lines.find((candidate) => candidate.position === position);
        return { ...line, quantity: offered?.quantity ?? 0, unitPriceCents: offered?.unitPriceCents ?? null };
      });
      if (offer.holdStock) {
        const held = offeredLines({ lines }).map(({ line }) => ({ productId: line.productId, quantity: line.quantity! }));
        const taken = take(held);
        const positionOf = (index: number) => offeredLines({ lines })[index]!.index;
        if (!Array.isArray(taken)) return fail({ code: 'product-not-found', index: positionOf(taken.missing) });
        if (taken.length > 0) return fail({ code: 'insufficient-stock', short: taken.map((line) => ({ ...line, index: positionOf(line.index) })) });
      }
      Object.assign(quote, { status: 'quoted', lines, answer: offer.answer, holdsStock: offer.holdStock, expiresAt: offer.expiresAt, answeredAt: offer.answeredAt });
      queueMails(tables, mail, id, offer.answeredAt);
      recordAudit(tables, audit);
      return ok(copy(quote));
    },
    async accept(id, order, mail, maxUnpaidOrders, approval) {
      const quote = quotes.get(id);
      if (!quote || quote.status !== 'quoted' || quote.expiresAt === null || quote.expiresAt <= order.createdAt) {
        return fail({ code: 'not-open', status: quote?.status ?? null });
      }
      if (maxUnpaidOrders !== undefined) {
        const unpaid = [...orders.values()].filter((held) => held.userId === order.userId && HOLDING_STATUSES.includes(held.status)).length;
        if (unpaid >= maxUnpaidOrders) return fail({ code: 'too-many-unpaid-orders' });
      }
      for (const line of order.lines) checkQuantity(line.quantity);
      if (!quote.holdsStock) {
        const taken = take(order.lines);
        if (!Array.isArray(taken)) return fail({ code: 'product-not-found', index: taken.missing });
        if (taken.length > 0) return fail({ code: 'insufficient-stock', short: taken });
      }
      const year = numberingYear(order.createdAt);
      const reason = approvalReason(orders.values(), order, approval);
      const placed: Order = {
        ...copy(order),
        companyId: order.companyId ?? null,
        ...placedApproval(reason),
        number: formatOrderNumber(year, nextNumber(tables, 'order', year)),
        refundedCents: 0,
        carrier: null,
        trackingNumber: null,
        invoiceNumber: null,
      };
      orders.set(order.id, placed);
      Object.assign(quote, { status: 'accepted', orderId: order.id, closedAt: order.createdAt });
      queueMails(tables, mail, id, order.createdAt);
      if (reason) queueMails(tables, approval!.waitingMail, order.id, order.createdAt);
      return ok({ quote: copy(quote), order: copy(placed) });
    },
    async close(id, status, at, mail) {
      const quote = quotes.get(id);
      if (!quote || quote.status !== 'quoted') return null;
      if (status === 'expired' && (quote.expiresAt === null || quote.expiresAt > at)) return null;
      if (quote.holdsStock) {
        for (const { line } of offeredLines(quote)) {
          const product = line.productId === null ? undefined : products.get(line.productId);
          if (product) product.stock += line.quantity!;
        }
        tables.catalog.changed(null);
      }
      Object.assign(quote, { status, closedAt: at });
      queueMails(tables, mail, id, at);
      return copy(quote);
    },
    async listLapsed(at, limit) {
      return [...quotes.values()]
        .filter((quote) => quote.status === 'quoted' && quote.expiresAt !== null && quote.expiresAt <= at)
        .sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime())
        .slice(0, limit)
        .map(copy);
    },
  };
}
