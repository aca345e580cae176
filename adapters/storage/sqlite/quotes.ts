import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { numberingYear } from '#domain/ordering/order-number.ts';
import type { Order } from '#domain/ordering/order.ts';
import type { Quote } from '#domain/quoting/quote.ts';
import type { QuoteRepository, QuoteWriteFailure } from '#domain/quoting/quote-repository.ts';
import type { Page } from '#domain/shared/page.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { fromRow, ORDER_SEQUENCE, rowsOf } from '../order-rows.ts';
import { toPage } from '../page-cursor.ts';
import { joinQuoteLines, offerByPosition, QUOTE_SEQUENCE, quoteRowsOf, type QuoteRow } from '../quote-rows.ts';
import { preparedInsert, type SqliteConnection } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { sqliteStock, type StockLine } from './stock.ts';
import { mailsQueuer } from './outbox.ts';
import { auditRecorder } from './audit.ts';
import { spendingOf, unpaidOf } from '../order-queries.ts';
import { orderLines, orders, quoteLines, quotes } from './schema.ts';

/** Thrown inside a transaction to undo it and report why nothing was written. */
class QuoteRefused extends Error {
  constructor(readonly failure: QuoteWriteFailure) {
    super(`quote not written: ${failure.code}`);
  }
}

/**
 * Quotes on SQLite (docs/orders.md, "Requests for quote"). Every step that moves stock is one
 * IMMEDIATE transaction with the quote's conditional status change, so a hold is all lines or
 * none and held units come back exactly once.
 */
export function createSqliteQuotes(db: SqliteConnection, catalog: CatalogWrites): QuoteRepository {
  const stock = sqliteStock(db);
  const insertQuote = preparedInsert(db, quotes);
  const insertQuoteLine = preparedInsert(db, quoteLines);
  const insertOrder = preparedInsert(db, orders);
  const insertOrderLine = preparedInsert(db, orderLines);
  // Each step's e-mails, as the domain named them, are queued in its own transaction (docs/email.md, "E-mail").
  const queueMails = mailsQueuer(db);
  const recordAudit = auditRecorder(db);
  // The buyer's unpaid orders along orders_user_status_idx, stopping at the cap (as orders.ts counts them).
  const unpaidCount = db
    .select({ count: sql<number>`count(*)` })
    .from(db.select({ one: sql`1`.as('one') }).from(orders).where(unpaidOf(orders, sql.placeholder('userId'))).limit(sql.placeholder('atMost')).as('unpaid'))
    .prepare();
  const spentSince = db
    .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(spendingOf(orders, { userId: sql.placeholder('userId'), companyId: sql.placeholder('companyId') }, sql.placeholder('since')))
    .prepare();
  const newestOfUser = newestFirstReader(() => db.select().from(quotes).$dynamic(), { createdAt: quotes.createdAt, key: quotes.id }, eq(quotes.userId, sql.placeholder('userId')));
  const newestOfStatus = newestFirstReader(() => db.select().from(quotes).$dynamic(), { createdAt: quotes.createdAt, key: quotes.id }, eq(quotes.status, sql.placeholder('status')));
  const newestOfAll = newestFirstReader(() => db.select().from(quotes).$dynamic(), { createdAt: quotes.createdAt, key: quotes.id });

  const withLines = (rows: QuoteRow[]): Quote[] =>
    rows.length === 0 ? [] : joinQuoteLines(rows, db.select().from(quoteLines).where(inArray(quoteLines.quoteId, rows.map((row) => row.id))).all());
  const one = (row: QuoteRow | undefined): Quote | null => (row ? withLines([row])[0]! : null);
  const pageWithLines = (page: Page<QuoteRow>): Page<Quote> => ({ ...page, items: withLines(page.items) });
  const statusOf = (id: string) => db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)).get()?.status ?? null;

  /** Every line's units off the shelf, or a QuoteRefused naming each short line (the transaction undoes them all). */
  const takeEveryLine = (lines: readonly StockLine[]): void => {
    const taken = stock.takeEvery(lines);
    if ('code' in taken) throw new QuoteRefused(taken);
  };

  const refusable = <T>(write: () => Result<T, QuoteWriteFailure>): Result<T, QuoteWriteFailure> => {
    try {
      return db.transaction(write, { behavior: 'immediate' });
    } catch (error) {
      if (error instanceof QuoteRefused) return fail(error.failure);
      throw error;
    }
  };

  return {
    async create(quote, mail) {
      return db.transaction(
        () => {
          const sequence = stock.nextNumber(QUOTE_SEQUENCE, numberingYear(quote.createdAt));
          const { row, lines } = quoteRowsOf(quote, sequence);
          insertQuote(row);
          for (const line of lines) insertQuoteLine(line);
          queueMails(mail, quote.id, quote.createdAt);
          return { ...row, lines: quote.lines };
        },
        { behavior: 'immediate' },
      );
    },
    async findById(id) {
      return one(db.select().from(quotes).where(eq(quotes.id, id)).get());
    },
    async listByUser(userId, page) {
      return pageWithLines(toPage(newestOfUser(page, { userId }), page.limit));
    },
    async listAll(search, page) {
      const rows = search.status === undefined ? newestOfAll(page) : newestOfStatus(page, { status: search.status });
      return pageWithLines(toPage(rows, page.limit));
    },
    async count(search) {
      const filter = search.status === undefined ? undefined : eq(quotes.status, search.status);
      return db.select({ count: sql<number>`count(*)` }).from(quotes).where(filter).get()?.count ?? 0;
    },
    async answer(id, offer, audit, mail) {
      return refusable(() => {
        const moved = db
          .update(quotes)
          .set({ status: 'quoted', answer: offer.answer, holdsStock: offer.holdStock, expiresAt: offer.expiresAt, answeredAt: offer.answeredAt })
          .where(and(eq(quotes.id, id), eq(quotes.status, 'requested')))
          .returning({ id: quotes.id })
          .get();
        if (!moved) return fail({ code: 'not-open', status: statusOf(id) });
        const asked = db.select({ position: quoteLines.position, productId: quoteLines.productId }).from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position)).all();
        const offered = offerByPosition(asked.length, offer);
        for (const line of offered) {
          db.update(quoteLines)
            .set({ quantity: line.quantity, unitPriceCents: line.unitPriceCents })
            .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.position, line.position)))
            .run();
        }
        if (offer.holdStock) {
          takeEveryLine(offered.filter((line) => line.quantity > 0).map((line) => ({ index: line.position, productId: asked[line.position]?.productId ?? null, quantity: line.quantity })));
          catalog.changed(null);
        }
        queueMails(mail, id, offer.answeredAt);
        recordAudit(audit);
        return ok(one(db.select().from(quotes).where(eq(quotes.id, id)).get())!);
      });
    },
    async accept(id, order, mail, maxUnpaidOrders, approval) {
      return refusable(() => {
        // Counted inside the write transaction (immediate: one writer at a time), before anything moves.
        if (maxUnpaidOrders !== undefined && unpaidCount.get({ userId: order.userId, atMost: maxUnpaidOrders })!.count >= maxUnpaidOrders) {
          return fail({ code: 'too-many-unpaid-orders' });
        }
        const moved = db
          .update(quotes)
          .set({ status: 'accepted', orderId: order.id, closedAt: order.createdAt })
          .where(and(eq(quotes.id, id), eq(quotes.status, 'quoted'), sql`${quotes.expiresAt} > ${order.createdAt.getTime()}`))
          .returning({ holdsStock: quotes.holdsStock })
          .get();
        if (!moved) return fail({ code: 'not-open', status: statusOf(id) });
        // Held units are already off the shelf: they become the order's as they are.
        if (!moved.holdsStock) {
          takeEveryLine(order.lines.map((line, index) => ({ index, productId: line.productId, quantity: line.quantity })));
          catalog.changed(null);
        }
        // Summed under the same write lock as the insert (order-repository.ts, PlacementApproval).
        const waitingFor = approval ? approval.decide(spentSince.get({ userId: order.userId, companyId: approval.companyId, since: approval.monthStart.getTime() })?.cents ?? 0) : null;
        const sequence = stock.nextNumber(ORDER_SEQUENCE, numberingYear(order.createdAt));
        const { row, lines } = rowsOf(order, sequence, waitingFor);
        insertOrder(row);
        for (const line of lines) insertOrderLine(line);
        queueMails(mail, id, order.createdAt);
        if (waitingFor) queueMails(approval!.waitingMail, order.id, order.createdAt);
        const placed: Order = { ...fromRow(row), lines: order.lines };
        return ok({ quote: one(db.select().from(quotes).where(eq(quotes.id, id)).get())!, order: placed });
      });
    },
    async close(id, status, at, mail) {
      return db.transaction(
        () => {
          const moved = db
            .update(quotes)
            .set({ status, closedAt: at })
            .where(and(eq(quotes.id, id), eq(quotes.status, 'quoted'), status === 'expired' ? lte(quotes.expiresAt, at) : undefined))
            .returning()
            .get();
          if (!moved) return null;
          const quote = one(moved)!;
          queueMails(mail, id, at);
          if (quote.holdsStock) {
            for (const line of quote.lines) if (line.quantity) stock.give(line.productId, line.quantity);
            catalog.changed(null);
          }
          return quote;
        },
        { behavior: 'immediate' },
      );
    },
    async listLapsed(at, limit) {
      return withLines(
        db
          .select()
          .from(quotes)
          .where(and(eq(quotes.status, 'quoted'), lte(quotes.expiresAt, at)))
          .orderBy(asc(quotes.expiresAt), asc(quotes.id))
          .limit(limit)
          .all(),
      );
    },
  };
}
