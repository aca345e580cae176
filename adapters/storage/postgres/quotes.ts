import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { numberingYear } from '#domain/ordering/order-number.ts';
import type { ShortLine } from '#domain/ordering/order-repository.ts';
import type { Quote } from '#domain/quoting/quote.ts';
import type { QuoteRepository, QuoteWriteFailure } from '#domain/quoting/quote-repository.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { unpaidOf } from '../order-queries.ts';
import { fromRow, ORDER_SEQUENCE, rowsOf } from '../order-rows.ts';
import { toPage } from '../page-cursor.ts';
import { joinQuoteLines, offerByPosition, QUOTE_SEQUENCE, quoteRowsOf, type QuoteRow } from '../quote-rows.ts';
import { rowsOfResult, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { queueMails } from './outbox.ts';
import { recordAudit } from './audit.ts';
import { returnStockInIdOrder } from './return-stock.ts';
import { spentThisMonth } from './member-spending.ts';
import { orderLines, orders, products, quoteLines, quotes } from './schema.ts';
import { createYearSequences, type SequencedKind } from './year-sequences.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** Thrown inside a transaction to roll it back and report why nothing was written. */
class QuoteRefused extends Error {
  constructor(readonly failure: QuoteWriteFailure) {
    super(`quote not written: ${failure.code}`);
  }
}

/**
 * Quotes on PostgreSQL (docs/orders.md, "Requests for quote"). A step that moves stock first moves the
 * quote's row by a conditional UPDATE (which locks it, so a racing decline, expiry or acceptance
 * waits and then finds nothing to move), then locks the products in id order as an order
 * placement does, so holds, acceptances, placements and returns never deadlock.
 */
export function createPgQuotes(db: PgDb): QuoteRepository {
  const withLines = async (rows: QuoteRow[], from: PgDb | Tx = db): Promise<Quote[]> =>
    rows.length === 0 ? [] : joinQuoteLines(rows, await from.select().from(quoteLines).where(inArray(quoteLines.quoteId, rows.map((row) => row.id))));
  const one = async (rows: QuoteRow[], from: PgDb | Tx = db): Promise<Quote | null> => (await withLines(rows.slice(0, 1), from))[0] ?? null;
  const statusOf = async (tx: Tx, id: string) => (await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]?.status ?? null;
  const sequences = createYearSequences(db);
  /**
   * The next number of the kind's year, from its sequence (year-sequences.ts: gaps allowed, no row
   * lock). Asked for before the transaction opens: making a missing sequence uses a connection of
   * its own, which on PGlite (one connection) would wait for the open transaction forever.
   */
  const numberer = async (kind: SequencedKind, year: number) => {
    const nextval = await sequences.nextval(kind, year);
    return async (tx: Tx): Promise<number> => {
      const [drawn] = await rowsOfResult<{ number: string }>(tx.execute(sql`SELECT ${nextval} AS number`));
      return Number(drawn?.number);
    };
  };

  /** Locks the lines' products by id, checks every line against the locked stock, then takes the units: all or none. */
  const takeEveryLine = async (tx: Tx, lines: readonly { index: number; productId: string | null; quantity: number }[]): Promise<void> => {
    const ids = [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
    const locked = ids.length === 0 ? [] : await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
    const stock = new Map(locked.map((row) => [row.id, row.stock]));
    const short: ShortLine[] = [];
    for (const line of lines) {
      const available = line.productId === null ? undefined : stock.get(line.productId);
      if (available === undefined) throw new QuoteRefused({ code: 'product-not-found', index: line.index });
      if (available < line.quantity) short.push({ index: line.index, available });
    }
    if (short.length > 0) throw new QuoteRefused({ code: 'insufficient-stock', short });
    // Every line's units in one statement, as an order takes them (orders.ts): the rows are locked already.
    const taking = new Map<string, number>();
    for (const line of lines) taking.set(line.productId!, (taking.get(line.productId!) ?? 0) + line.quantity);
    if (taking.size === 0) return;
    const wanted = sql.join([...taking].map(([id, quantity]) => sql`(${id}::text, ${quantity}::integer)`), sql`, `);
    await tx.execute(sql`UPDATE ${products} SET stock = ${products.stock} - wanted.quantity FROM (VALUES ${wanted}) AS wanted (id, quantity) WHERE ${products.id} = wanted.id`);
  };

  const refusable = async <T>(write: (tx: Tx) => Promise<Result<T, QuoteWriteFailure>>): Promise<Result<T, QuoteWriteFailure>> => {
    try {
      return await db.transaction(async (tx) => {
        const result = await write(tx);
        // A refusal after the quote moved must undo that move too.
        if (!result.ok && result.error.code !== 'not-open') throw new QuoteRefused(result.error);
        return result;
      });
    } catch (error) {
      if (error instanceof QuoteRefused) return fail(error.failure);
      throw error;
    }
  };

  return {
    async create(quote, mail) {
      const nextNumber = await numberer(QUOTE_SEQUENCE, numberingYear(quote.createdAt));
      return db.transaction(async (tx) => {
        const { row, lines } = quoteRowsOf(quote, await nextNumber(tx));
        await tx.insert(quotes).values(row);
        await tx.insert(quoteLines).values(lines);
        // Each step's e-mails, as the domain named them, are queued in its own transaction (docs/email.md, "E-mail").
        await queueMails(tx, mail, quote.id, quote.createdAt);
        return { ...row, lines: quote.lines };
      });
    },
    async findById(id) {
      return one(await db.select().from(quotes).where(eq(quotes.id, id)));
    },
    async listByUser(userId, page) {
      const found = toPage(await newestFirst(db.select().from(quotes).$dynamic(), { createdAt: quotes.createdAt, key: quotes.id }, page, eq(quotes.userId, userId)), page.limit);
      return { ...found, items: await withLines(found.items) };
    },
    async count(search) {
      const filter = search.status === undefined ? undefined : eq(quotes.status, search.status);
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(quotes).where(filter);
      return row?.count ?? 0;
    },
    async listAll(search, page) {
      const filter = search.status === undefined ? undefined : eq(quotes.status, search.status);
      const found = toPage(await newestFirst(db.select().from(quotes).$dynamic(), { createdAt: quotes.createdAt, key: quotes.id }, page, filter), page.limit);
      return { ...found, items: await withLines(found.items) };
    },
    async answer(id, offer, audit, mail) {
      return refusable(async (tx) => {
        const moved = await tx
          .update(quotes)
          .set({ status: 'quoted', answer: offer.answer, holdsStock: offer.holdStock, expiresAt: offer.expiresAt, answeredAt: offer.answeredAt })
          .where(and(eq(quotes.id, id), eq(quotes.status, 'requested')))
          .returning();
        if (moved.length === 0) return fail({ code: 'not-open', status: await statusOf(tx, id) });
        const asked = await tx.select({ position: quoteLines.position, productId: quoteLines.productId }).from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position));
        const offered = offerByPosition(asked.length, offer);
        for (const line of offered) {
          await tx
            .update(quoteLines)
            .set({ quantity: line.quantity, unitPriceCents: line.unitPriceCents })
            .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.position, line.position)));
        }
        if (offer.holdStock) {
          await takeEveryLine(tx, offered.filter((line) => line.quantity > 0).map((line) => ({ index: line.position, productId: asked[line.position]?.productId ?? null, quantity: line.quantity })));
        }
        await queueMails(tx, mail, id, offer.answeredAt);
        await recordAudit(tx, audit);
        return ok((await one(moved, tx))!);
      });
    },
    async accept(id, order, mail, maxUnpaidOrders, approval) {
      const nextNumber = await numberer(ORDER_SEQUENCE, numberingYear(order.createdAt));
      return refusable(async (tx) => {
        // The member's row is locked before any product, as a placement does (member-spending.ts).
        const waitingFor = approval ? approval.decide(await spentThisMonth(tx, order.userId, approval)) : null;
        if (maxUnpaidOrders !== undefined) {
          // The buyer's acceptances queue on one transaction-scoped lock of their own, so each
          // counts the orders the one before it committed: two at once cannot both pass the cap.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid-orders:${order.userId}`}, 0))`);
          const unpaid = await tx.$count(tx.select({ one: sql`1`.as('one') }).from(orders).where(unpaidOf(orders, order.userId)).limit(maxUnpaidOrders).as('unpaid'));
          if (unpaid >= maxUnpaidOrders) return fail({ code: 'too-many-unpaid-orders' });
        }
        const moved = await tx
          .update(quotes)
          .set({ status: 'accepted', orderId: order.id, closedAt: order.createdAt })
          .where(and(eq(quotes.id, id), eq(quotes.status, 'quoted'), gt(quotes.expiresAt, order.createdAt)))
          .returning();
        if (moved.length === 0) return fail({ code: 'not-open', status: await statusOf(tx, id) });
        // Held units are already off the shelf: they become the order's as they are.
        if (!moved[0]!.holdsStock) await takeEveryLine(tx, order.lines.map((line, index) => ({ index, productId: line.productId, quantity: line.quantity })));
        const { row, lines } = rowsOf(order, await nextNumber(tx), waitingFor);
        await tx.insert(orders).values(row);
        await tx.insert(orderLines).values(lines);
        await queueMails(tx, mail, id, order.createdAt);
        if (waitingFor) await queueMails(tx, approval!.waitingMail, order.id, order.createdAt);
        return ok({ quote: (await one(moved, tx))!, order: { ...fromRow(row), lines: order.lines } });
      });
    },
    async close(id, status, at, mail) {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(quotes)
          .set({ status, closedAt: at })
          .where(and(eq(quotes.id, id), eq(quotes.status, 'quoted'), status === 'expired' ? lte(quotes.expiresAt, at) : undefined))
          .returning();
        const quote = await one(moved, tx);
        if (!quote) return null;
        await queueMails(tx, mail, id, at);
        if (quote.holdsStock) await returnStockInIdOrder(tx, quote.lines.map((line) => ({ productId: line.productId, quantity: line.quantity ?? 0 })));
        return quote;
      });
    },
    async listLapsed(at, limit) {
      return withLines(
        await db
          .select()
          .from(quotes)
          .where(and(eq(quotes.status, 'quoted'), lte(quotes.expiresAt, at)))
          .orderBy(asc(quotes.expiresAt), asc(quotes.id))
          .limit(limit),
      );
    },
  };
}
