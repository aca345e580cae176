import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { AfterSaleRepository, RefundFailure } from '#domain/after-sale/after-sale-repository.ts';
import { linesFitOrder, type NewRefund, type Refund, type Return } from '#domain/after-sale/after-sale.ts';
import { formatCreditNoteNumber, formatReturnNumber, numberingYear } from '#domain/ordering/order-number.ts';
import type { Order } from '#domain/ordering/order.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { CREDIT_NOTE_SEQUENCE, fromRow, RETURN_SEQUENCE } from '../order-rows.ts';
import type { SqliteConnection } from './database.ts';
import { auditRecorder } from './audit.ts';
import { mailsQueuer } from './outbox.ts';
import { newestFirstReader } from './newest-first.ts';
import { sqliteStock } from './stock.ts';
import { orderLines, orders, refunds, returns } from './schema.ts';

/** Thrown inside a transaction to undo it and say why. */
class Refused extends Error {
  constructor(readonly failure: RefundFailure) {
    super(`refund not recorded: ${failure}`);
  }
}

/**
 * Refunds and returns on SQLite. Every write is one IMMEDIATE transaction: the order's
 * refunded_cents is raised by a conditional UPDATE that matches only while the sum stays within
 * the total (and the CHECK constraint says the same), and its lines are checked against what is
 * left of each product in the same transaction, so of two refunds at once, from two processes on
 * one file, the one that would pass what was paid or what was ordered changes nothing.
 */
export function createSqliteAfterSale(db: SqliteConnection, catalog: CatalogWrites): AfterSaleRepository {
  const stock = sqliteStock(db);
  const queueMails = mailsQueuer(db);
  const recordAudit = auditRecorder(db);
  const returnsNewest = newestFirstReader(() => db.select().from(returns).$dynamic(), { createdAt: returns.createdAt, key: returns.id });
  const returnsNewestIn = newestFirstReader(() => db.select().from(returns).$dynamic(), { createdAt: returns.createdAt, key: returns.id }, eq(returns.status, sql.placeholder('status')));

  const orderOf = (id: string): Order | null => {
    const row = db.select().from(orders).where(eq(orders.id, id)).get();
    if (!row) return null;
    const lines = db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)).all();
    return { ...fromRow(row), lines: lines.map(({ orderId: _o, position: _p, ...line }) => line) };
  };

  const refundsOf = (orderId: string): Refund[] =>
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.number)).all();

  /** Raises refunded_cents, restocks, numbers and inserts the refund: inside the caller's transaction. */
  const write = (refund: NewRefund, statuses: readonly Order['status'][]): Refund => {
    const raised = db
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
      .where(and(eq(orders.id, refund.orderId), lte(sql`${orders.refundedCents} + ${refund.amountCents}`, orders.totalCents)))
      .returning({ status: orders.status })
      .get();
    if (!raised) {
      const row = db.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId)).get();
      throw new Refused(row && statuses.includes(row.status) ? 'exceeds-paid' : 'not-refundable');
    }
    if (!statuses.includes(raised.status)) throw new Refused('not-refundable');
    // Inside the same IMMEDIATE transaction: no other refund of the order can land in between.
    if (refund.lines.length > 0 && !linesFitOrder(orderOf(refund.orderId)!, refundsOf(refund.orderId), refund.lines)) throw new Refused('exceeds-ordered');
    let restocked = false;
    for (const line of refund.lines) {
      if (!line.restocked) continue;
      stock.give(line.productId, line.quantity);
      restocked = true;
    }
    if (restocked) catalog.changed(null);
    const year = numberingYear(refund.createdAt);
    const stored: Refund = { ...refund, number: formatCreditNoteNumber(year, stock.nextNumber(CREDIT_NOTE_SEQUENCE, year)) };
    db.insert(refunds).values(stored).run();
    return stored;
  };

  const attempt = <T>(run: () => T): Result<T, RefundFailure> => {
    try {
      return ok(db.transaction(run, { behavior: 'immediate' }));
    } catch (error) {
      if (error instanceof Refused) return fail(error.failure);
      throw error;
    }
  };

  const returnById = (id: string): Return | null => db.select().from(returns).where(eq(returns.id, id)).get() ?? null;
  const refundByProvider = (providerRefundId: string): Refund | null =>
    db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)).get() ?? null;

  return {
    async cancel(refund, audit, mail) {
      return attempt(() => {
        const status = db.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId)).get()?.status;
        if (status !== 'pending') throw new Refused('not-cancellable');
        const stored = write(refund, ['pending']);
        db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, refund.orderId)).run();
        queueMails(mail, refund.orderId, refund.createdAt);
        recordAudit(audit, null);
        return { order: orderOf(refund.orderId)!, refund: stored };
      });
    },
    async refund(refund, audit, mail) {
      return attempt(() => {
        const again = refundByProvider(refund.providerRefundId);
        if (again) return again;
        const stored = write(refund, ['pending', 'shipped']);
        queueMails(mail, stored.id, refund.createdAt);
        recordAudit(audit, null);
        return stored;
      });
    },
    async refundsOf(orderId) {
      return refundsOf(orderId);
    },
    async findRefund(id) {
      return db.select().from(refunds).where(eq(refunds.id, id)).get() ?? null;
    },
    async findRefundByProvider(providerRefundId) {
      return refundByProvider(providerRefundId);
    },
    async requestReturn(request, mail) {
      return db.transaction(
        () => {
          const year = numberingYear(request.createdAt);
          const stored: Return = { ...request, number: formatReturnNumber(year, stock.nextNumber(RETURN_SEQUENCE, year)) };
          db.insert(returns).values(stored).run();
          queueMails(mail, stored.id, request.createdAt);
          return stored;
        },
        { behavior: 'immediate' },
      );
    },
    async answerReturn(id, { status, answer, at }, audit, mail) {
      return db.transaction(
        () => {
          const answered = db
            .update(returns)
            .set({ status, answer, answeredAt: at })
            .where(and(eq(returns.id, id), eq(returns.status, 'requested')))
            .returning()
            .get();
          if (!answered) return null;
          queueMails(mail, id, at);
          recordAudit(audit, null);
          return answered;
        },
        { behavior: 'immediate' },
      );
    },
    async receiveReturn(id, { lines, at, refund }, audit, mail) {
      return attempt(() => {
        const moved = db
          .update(returns)
          .set({ status: 'received', lines, receivedAt: at, refundId: refund?.id ?? null })
          .where(and(eq(returns.id, id), eq(returns.status, 'approved')))
          .returning()
          .get();
        if (!moved) throw new Refused('not-refundable');
        const stored = refund ? write(refund, ['pending', 'shipped']) : null;
        queueMails(mail, id, at);
        recordAudit(audit, null);
        return { ret: moved, refund: stored };
      });
    },
    async findReturn(id) {
      return returnById(id);
    },
    async returnsOf(orderId) {
      return db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt), asc(returns.number)).all();
    },
    async listReturns(status, page) {
      const rows = status === undefined ? returnsNewest(page) : returnsNewestIn(page, { status });
      return toPage(rows, page.limit);
    },
  };
}
