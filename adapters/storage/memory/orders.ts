import type { OrderRepository, OrderSearch, ShortLine } from '#domain/ordering/order-repository.ts';
import { formatInvoiceNumber, formatOrderNumber, numberingYear, orderNumberTail } from '#domain/ordering/order-number.ts';
import { HOLDING_STATUSES, unpaidClockStart, type Order } from '#domain/ordering/order.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { queueMails } from './outbox.ts';
import { approvalReason, checkQuantity, copy, copyOrNull, nextNumber, placedApproval, returnStock, type MemoryTables } from './tables.ts';
import { recordAudit } from './audit.ts';

/** The search keys `q` matches (see OrderSearch). */
const searchKeys = (order: Order, q: string): boolean[] => {
  const tail = orderNumberTail(q);
  return [order.id === q, tail !== null && order.number.endsWith(tail), order.email.toLowerCase() === q.toLowerCase(), order.poNumber?.startsWith(q) === true];
};

const matches = (search: OrderSearch) => (order: Order): boolean =>
  (search.status === undefined || order.status === search.status) &&
  (search.companyId === undefined || order.companyId === search.companyId) &&
  (search.q === undefined || searchKeys(order, search.q).some(Boolean)) &&
  (search.placed === undefined || (order.createdAt >= search.placed.from && order.createdAt < search.placed.before));

/** Each method works synchronously between awaits, so it is atomic like a database transaction. */
export function createMemoryOrders(tables: MemoryTables): OrderRepository {
  const { orders, products } = tables;
  const findByKey = (userId: string, key: string): Order | undefined =>
    [...orders.values()].find((order) => order.userId === userId && order.idempotencyKey === key);

  const transition = (id: string, from: Order['status'], changes: Partial<Order>): Order | null => {
    const order = orders.get(id);
    if (!order || order.status !== from) return null;
    Object.assign(order, copy(changes));
    return copy(order);
  };

  return {
    async placeReservingStock(order, mail, approval) {
      if (order.idempotencyKey !== null && findByKey(order.userId, order.idempotencyKey)) {
        return fail({ code: 'duplicate-key' });
      }
      // Every line is checked before any stock moves: all lines or none.
      const short: ShortLine[] = [];
      for (const [index, line] of order.lines.entries()) {
        const product = line.productId === null ? undefined : products.get(line.productId);
        if (!product) return fail({ code: 'product-not-found', index });
        checkQuantity(line.quantity);
        if (product.stock < line.quantity) short.push({ index, available: product.stock });
      }
      if (short.length > 0) return fail({ code: 'insufficient-stock', short });
      let emptied = false;
      for (const line of order.lines) {
        const product = products.get(line.productId ?? '')!;
        product.stock -= line.quantity;
        emptied ||= product.stock === 0;
      }
      tables.catalog.stockMoved(order.lines.map((line) => line.productId!), emptied, null);
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
      queueMails(tables, reason ? approval!.waitingMail : mail, order.id, order.createdAt);
      return ok(copy(placed));
    },
    async decideApproval(id, decision, audit, mail) {
      const order = orders.get(id);
      if (!order || order.status !== 'awaiting-approval' || !order.approval) return null;
      order.status = decision.approve ? 'unpaid' : 'rejected';
      order.approval = { ...order.approval, decidedBy: decision.by, decidedAt: decision.at, rejectionReason: decision.approve ? null : decision.reason };
      if (!decision.approve) returnStock(tables, order);
      queueMails(tables, mail, id, decision.at);
      recordAudit(tables, audit, { status: order.status });
      return copy(order);
    },
    async listByCompany(companyId, search, page) {
      return newestFirst(
        [...orders.values()].filter(
          (order) =>
            order.companyId === companyId && (search.status === undefined || order.status === search.status) && (search.userId === undefined || order.userId === search.userId),
        ),
        page,
        byId,
      );
    },
    async findById(id) {
      return copyOrNull(orders.get(id));
    },
    async findByIdempotencyKey(userId, key) {
      return copyOrNull(findByKey(userId, key));
    },
    async listByUser(userId, page, search = {}) {
      return newestFirst([...orders.values()].filter((order) => order.userId === userId && matches(search)(order)), page, byId);
    },
    async listAll(search, page) {
      return newestFirst([...orders.values()].filter(matches(search)), page, byId);
    },
    async count(search) {
      return [...orders.values()].filter(matches(search)).length;
    },
    async deleteUnpaidReturningStock(id, audit) {
      const order = orders.get(id);
      if (!order || !HOLDING_STATUSES.includes(order.status)) return false;
      orders.delete(id);
      returnStock(tables, order);
      recordAudit(tables, audit, null);
      return true;
    },
    async attachPaymentIntent(id, paymentIntentId) {
      return transition(id, 'unpaid', { paymentIntentId }) !== null;
    },
    async listUnpaidPlacedBefore(cutoff, limit) {
      return [...orders.values()]
        .filter((order) => HOLDING_STATUSES.includes(order.status) && unpaidClockStart(order) < cutoff)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit)
        .map(copy);
    },
    async listUnpaidWithIntentOf(userId, limit) {
      return [...orders.values()]
        .filter((order) => order.userId === userId && order.status === 'unpaid' && order.paymentIntentId !== null)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(copy);
    },
    async countUnpaidOf(userId, atMost) {
      return Math.min(atMost, [...orders.values()].filter((order) => order.userId === userId && HOLDING_STATUSES.includes(order.status)).length);
    },
    async markPaid(id, transactionId, paidAt, mail) {
      if (orders.get(id)?.status !== 'unpaid') return null;
      const year = numberingYear(paidAt);
      const invoiceNumber = formatInvoiceNumber(year, nextNumber(tables, 'invoice', year));
      queueMails(tables, mail, id, paidAt);
      return transition(id, 'unpaid', { status: 'pending', transactionId, paidAt, invoiceNumber });
    },
    async issueInvoiceNumber(id) {
      const order = orders.get(id);
      if (!order || order.paidAt === null) return null;
      if (order.invoiceNumber === null) {
        const year = numberingYear(order.paidAt);
        order.invoiceNumber = formatInvoiceNumber(year, nextNumber(tables, 'invoice', year));
      }
      return copy(order);
    },
    async markShipped(id, shippedAt, shipping, audit, mail) {
      const shipped = transition(id, 'pending', { status: 'shipped', shippedAt, ...shipping });
      if (shipped) {
        queueMails(tables, mail, id, shippedAt);
        recordAudit(tables, audit, { status: shipped.status });
      }
      return shipped;
    },
  };
}
