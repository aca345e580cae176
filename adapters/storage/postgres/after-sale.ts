import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AfterSaleRepository, RefundFailure } from '#domain/after-sale/after-sale-repository.ts';
import { linesFitOrder, type NewRefund, type Refund, type Return } from '#domain/after-sale/after-sale.ts';
import { formatCreditNoteNumber, formatReturnNumber, numberingYear } from '#domain/ordering/order-number.ts';
import type { Order } from '#domain/ordering/order.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import { CREDIT_NOTE_SEQUENCE, joinLines, RETURN_SEQUENCE } from '../order-rows.ts';
import { firstRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { returnStockInIdOrder } from './return-stock.ts';
import { queueMails } from './outbox.ts';
import { recordAudit } from './audit.ts';
import { numberSequences, orderLines, orders, refunds, returns } from './schema.ts';

/** A cancel asks for a pending order only; a refund for a paid or shipped one. */
const refusedState = (statuses: readonly Order['status'][]): RefundFailure => (statuses.length === 1 ? 'not-cancellable' : 'not-refundable');

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** Thrown inside a transaction to roll it back and say why. */
class Refused extends Error {
  constructor(readonly failure: RefundFailure) {
    super(`refund not recorded: ${failure}`);
  }
}

/**
 * Refunds and returns on PostgreSQL. A refund's first statement raises the order's refunded_cents
 * only while the sum stays within the total: the row lock makes a second refund at the same
 * moment (another connection, another instance) wait, and PostgreSQL then re-checks the condition
 * against the row the first one left, so the one that would pass what was paid changes nothing;
 * its lines are then checked against the refunds committed before it (what was ordered of each).
 * Locks are taken in the order placing an order takes them after its own row: the order, then its
 * products in id order (return-stock.ts), then the status counters (a cancel's status change),
 * then the year's number; so a refund and a placement never wait for each other in a circle.
 */
export function createPgAfterSale(db: PgDb, stockMoved: (productIds: readonly string[]) => void): AfterSaleRepository {
  const nextNumber = async (tx: Tx, kind: string, year: number): Promise<number> => {
    const [sequence] = await tx
      .insert(numberSequences)
      .values({ kind, year, last: 1 })
      .onConflictDoUpdate({ target: [numberSequences.kind, numberSequences.year], set: { last: sql`${numberSequences.last} + 1` } })
      .returning({ last: numberSequences.last });
    return sequence?.last ?? 1;
  };

  const orderOf = async (tx: Tx, id: string): Promise<Order | null> => {
    const rows = await tx.select().from(orders).where(eq(orders.id, id));
    if (rows.length === 0) return null;
    return joinLines(rows, await tx.select().from(orderLines).where(inArray(orderLines.orderId, [id])))[0] ?? null;
  };

  /** Raises refunded_cents (taking the order's row), restocks, and returns the status the order had. */
  const raise = async (tx: Tx, refund: NewRefund, statuses: readonly Order['status'][]): Promise<void> => {
    const raised = await firstRow(
      tx
        .update(orders)
        .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
        .where(and(eq(orders.id, refund.orderId), lte(sql`${orders.refundedCents} + ${refund.amountCents}`, orders.totalCents)))
        .returning({ status: orders.status }),
    );
    if (!raised) {
      const row = await firstRow(tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId)));
      throw new Refused(row && statuses.includes(row.status) ? 'exceeds-paid' : refusedState(statuses));
    }
    if (!statuses.includes(raised.status)) throw new Refused(refusedState(statuses));
    // The order's row is held now, and each statement of READ COMMITTED reads what was committed
    // before it began: the refunds read here include any other refund of the order that held the
    // row first, so two line refunds at once never pass what was ordered of a product.
    if (refund.lines.length > 0) {
      const order = await orderOf(tx, refund.orderId);
      const earlier = await tx.select({ lines: refunds.lines }).from(refunds).where(eq(refunds.orderId, refund.orderId));
      if (!order || !linesFitOrder(order, earlier, refund.lines)) throw new Refused('exceeds-ordered');
    }
    await returnStockInIdOrder(
      tx,
      refund.lines.filter((line) => line.restocked),
    );
  };

  const insertRefund = async (tx: Tx, refund: NewRefund): Promise<Refund> => {
    const year = numberingYear(refund.createdAt);
    const stored: Refund = { ...refund, number: formatCreditNoteNumber(year, await nextNumber(tx, CREDIT_NOTE_SEQUENCE, year)) };
    await tx.insert(refunds).values(stored);
    return stored;
  };

  const restockedIds = (refund: NewRefund | null): string[] => (refund ? refund.lines.filter((line) => line.restocked).map((line) => line.productId) : []);

  const attempt = async <T>(run: (tx: Tx) => Promise<T>): Promise<Result<T, RefundFailure>> => {
    try {
      return ok(await db.transaction(run));
    } catch (error) {
      if (error instanceof Refused) return fail(error.failure);
      throw error;
    }
  };

  const refundByProvider = (providerRefundId: string) => firstRow(db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)));

  return {
    async cancel(refund, audit, mail) {
      const result = await attempt(async (tx) => {
        await raise(tx, refund, ['pending']);
        await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, refund.orderId));
        const stored = await insertRefund(tx, refund);
        await queueMails(tx, mail, refund.orderId, refund.createdAt);
        await recordAudit(tx, audit, null);
        return { order: (await orderOf(tx, refund.orderId))!, refund: stored };
      });
      if (result.ok) stockMoved(restockedIds(refund));
      return result;
    },
    async refund(refund, audit, mail) {
      const again = await refundByProvider(refund.providerRefundId);
      if (again) return ok(again);
      const result = await attempt(async (tx) => {
        await raise(tx, refund, ['pending', 'shipped']);
        const stored = await insertRefund(tx, refund);
        await queueMails(tx, mail, stored.id, refund.createdAt);
        await recordAudit(tx, audit, null);
        return stored;
      });
      if (result.ok) stockMoved(restockedIds(refund));
      return result;
    },
    async refundsOf(orderId) {
      return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.number));
    },
    async findRefund(id) {
      return firstRow(db.select().from(refunds).where(eq(refunds.id, id)));
    },
    async findRefundByProvider(providerRefundId) {
      return refundByProvider(providerRefundId);
    },
    async requestReturn(request, mail) {
      return db.transaction(async (tx) => {
        const year = numberingYear(request.createdAt);
        const stored: Return = { ...request, number: formatReturnNumber(year, await nextNumber(tx, RETURN_SEQUENCE, year)) };
        await tx.insert(returns).values(stored);
        await queueMails(tx, mail, stored.id, request.createdAt);
        return stored;
      });
    },
    async answerReturn(id, { status, answer, at }, audit, mail) {
      return db.transaction(async (tx) => {
        const answered = await firstRow(
          tx.update(returns).set({ status, answer, answeredAt: at }).where(and(eq(returns.id, id), eq(returns.status, 'requested'))).returning(),
        );
        if (!answered) return null;
        await queueMails(tx, mail, id, at);
        await recordAudit(tx, audit, null);
        return answered;
      });
    },
    async receiveReturn(id, { lines, at, refund }, audit, mail) {
      const result = await attempt(async (tx) => {
        // The order's row first (as every refund), then the return's.
        if (refund) await raise(tx, refund, ['pending', 'shipped']);
        const moved = await firstRow(
          tx
            .update(returns)
            .set({ status: 'received', lines, receivedAt: at, refundId: refund?.id ?? null })
            .where(and(eq(returns.id, id), eq(returns.status, 'approved')))
            .returning(),
        );
        if (!moved) throw new Refused('not-refundable');
        const stored = refund ? await insertRefund(tx, refund) : null;
        await queueMails(tx, mail, id, at);
        await recordAudit(tx, audit, null);
        return { ret: moved, refund: stored };
      });
      if (result.ok) stockMoved(restockedIds(refund));
      return result;
    },
    async findReturn(id) {
      return firstRow(db.select().from(returns).where(eq(returns.id, id)));
    },
    async returnsOf(orderId) {
      return db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt), asc(returns.number));
    },
    async listReturns(status, page) {
      const rows = await newestFirst(db.select().from(returns).$dynamic(), { createdAt: returns.createdAt, key: returns.id }, page, status === undefined ? undefined : eq(returns.status, status));
      return toPage(rows, page.limit);
    },
  };
}
