import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { decidedApproval, oldestFirst, oldestOf, unpaidOf, unpaidPlacedBefore, unpaidWithIntentOf } from '../order-queries.ts';
import type { OrderRepository, OrderSearch, PlacementApproval, ReservationFailure, ShortLine } from '#domain/ordering/order-repository.ts';
import { formatInvoiceNumber, numberingYear, orderNumberTail, PREFIX_END, reversedText } from '#domain/ordering/order-number.ts';
import { HOLDING_STATUSES, type NewOrder, type Order } from '#domain/ordering/order.ts';
import type { OrderMailKind } from '#domain/mail/mail-outbox.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import { fromRow, INVOICE_SEQUENCE, joinLines, ORDER_SEQUENCE, PlacementRefused, rowsOf, type OrderRow } from '../order-rows.ts';
import { spentThisMonth } from './member-spending.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { rowsOfResult, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { returnStockInIdOrder } from './return-stock.ts';
import { mailRows, queueMails } from './outbox.ts';
import { recordAudit } from './audit.ts';
import { mailOutbox, numberSequences, orderLines, orders, orderStatusCounts, products } from './schema.ts';
import { createYearSequences, pgErrorOf } from './year-sequences.ts';

/**
 * The search keys `q` matches (see OrderSearch), each answered by an index: the primary key,
 * orders_number_reversed_idx (a tail of the number is the start of its reversal, compared
 * byte-wise: drizzle/postgres/0025_order_number_tails.sql), orders_email_lower_idx and
 * orders_po_number_c_idx (the start of the PO number, a byte-wise range whatever the locale).
 */
const searchKeys = (q: string): SQL[] => {
  const tail = orderNumberTail(q);
  const reversed = tail === null ? null : reversedText(tail);
  return [
    eq(orders.id, q),
    ...(reversed === null
      ? []
      : [sql`((reverse(${orders.number}) COLLATE "C") >= ${reversed} AND (reverse(${orders.number}) COLLATE "C") < ${reversed + PREFIX_END})`]),
    sql`lower(${orders.email}) = lower(${q})`,
    sql`((${orders.poNumber} COLLATE "C") >= ${q} AND (${orders.poNumber} COLLATE "C") < ${q + PREFIX_END})`,
  ];
};
/** The admins' order search; a status alone reads orders_status_newest_idx. */
const searchFilter = (search: OrderSearch): SQL | undefined =>
  and(
    search.status === undefined ? undefined : eq(orders.status, search.status),
    search.companyId === undefined ? undefined : eq(orders.companyId, search.companyId),
    search.q === undefined ? undefined : or(...searchKeys(search.q)),
    search.placed === undefined ? undefined : and(gte(orders.createdAt, search.placed.from), lt(orders.createdAt, search.placed.before)),
  );

type Placement = Result<Order, ReservationFailure>;
type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/**
 * Orders on PostgreSQL. Expected conflicts never surface as driver errors: a placement that loses
 * an idempotency race rolls its transaction back and reports the duplicate key.
 */
export function createPgOrders(db: PgDb, writes: CatalogWrites): OrderRepository {
  const sequences = createYearSequences(db);
  /** The orders of these rows, each with its lines (one query for all of them). */
  const withLines = async (rows: OrderRow[], from: PgDb | Tx = db): Promise<Order[]> =>
    rows.length === 0
      ? []
      : joinLines(
          rows,
          await from
            .select()
            .from(orderLines)
            .where(inArray(orderLines.orderId, rows.map((row) => row.id))),
        );
  const one = async (rows: Promise<OrderRow[]>, from: PgDb | Tx = db): Promise<Order | null> => (await withLines((await rows).slice(0, 1), from))[0] ?? null;

  /**
   * Placing an order is three statements inside BEGIN … COMMIT, whatever its number of lines
   * (adapters/storage/README.md, "Shared decisions"):
   * 1. lock every product of the order in one fixed order (by id), so two orders with overlapping
   *    lines always queue behind each other instead of deadlocking, reading its stock and whether
   *    the buyer already used the idempotency key; each line is then checked against the locked
   *    stock here, and a short or missing line ends the transaction having reserved nothing;
   * 2. take every line's units with one `UPDATE … FROM (VALUES …)` and draw the order number from
   *    the year's sequence (year-sequences.ts) in the same statement;
   * 3. insert the order, its lines and its e-mails in one statement (the lines' foreign key is
   *    checked at its end, when the order row is there);
   * A concurrent order with the same key that committed since step 1 trips
   * orders_user_idempotency_unique in step 3: reported as the duplicate it is.
   */
  const place = async (order: NewOrder, mail?: readonly OrderMailKind[], approval?: PlacementApproval): Promise<Placement> => {
    const nextNumber = await sequences.nextval(ORDER_SEQUENCE, numberingYear(order.createdAt));
    const ids = [...new Set(order.lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
    const usedKey = (key: string) => sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.userId} = ${order.userId} AND ${orders.idempotencyKey} = ${key})`;
    try {
      let emptied = false;
      const placed = await db.transaction(async (tx): Promise<Placement> => {
        // A company buyer's month is summed under their member row's lock, taken before any product's (member-spending.ts).
        const spent = approval ? await spentThisMonth(tx, order.userId, approval) : 0;
        const locked =
          ids.length === 0
            ? []
            : await tx
                .select({ id: products.id, stock: products.stock, duplicate: order.idempotencyKey === null ? sql<boolean>`false` : sql<boolean>`${usedKey(order.idempotencyKey)}` })
                .from(products)
                .where(inArray(products.id, ids))
                .orderBy(asc(products.id))
                .for('update');
        // With no product left to lock, the key is asked on its own: a repeated order is still a duplicate first.
        const duplicate =
          order.idempotencyKey === null
            ? false
            : locked.length > 0
              ? locked[0]!.duplicate
              : (await rowsOfResult<{ used: boolean }>(tx.execute(sql`SELECT ${usedKey(order.idempotencyKey)} AS used`)))[0]?.used === true;
        if (duplicate) return fail({ code: 'duplicate-key' });
        const stock = new Map(locked.map((row) => [row.id, row.stock]));
        const short: ShortLine[] = [];
        for (const [index, line] of order.lines.entries()) {
          const available = line.productId === null ? undefined : stock.get(line.productId);
          if (available === undefined) throw new PlacementRefused({ code: 'product-not-found', index });
          if (available < line.quantity) short.push({ index, available });
        }
        if (short.length > 0) throw new PlacementRefused({ code: 'insufficient-stock', short });
        // The domain sends each product once per order; summed anyway, so one UPDATE row per product is exact.
        const taking = new Map<string, number>();
        for (const line of order.lines) taking.set(line.productId!, (taking.get(line.productId!) ?? 0) + line.quantity);
        emptied = [...taking].some(([id, quantity]) => stock.get(id) === quantity);
        const wanted = sql.join(
          [...taking].map(([id, quantity]) => sql`(${id}::text, ${quantity}::integer)`),
          sql`, `,
        );
        const [numbered] = await rowsOfResult<{ number: string }>(
          tx.execute(sql`WITH taken AS (
            UPDATE ${products} SET stock = ${products.stock} - wanted.quantity
            FROM (VALUES ${wanted}) AS wanted (id, quantity)
            WHERE ${products.id} = wanted.id
            RETURNING 1
          ) SELECT ${nextNumber} AS number`),
        );
        const waitingFor = approval ? approval.decide(spent) : null;
        const { row, lines } = rowsOf(order, Number(numbered?.number), waitingFor);
        const mails = mailRows(waitingFor ? approval!.waitingMail : mail, order.id, order.createdAt);
        await tx.execute(
          // getSQL(): the statements themselves, not wrapped in parentheses as a subquery would be.
          sql`WITH placed AS (${tx.insert(orders).values(row).getSQL()}), placed_lines AS (${tx.insert(orderLines).values(lines).getSQL()}) ${
            mails.length === 0 ? sql`SELECT 1` : tx.insert(mailOutbox).values(mails).getSQL()
          }`,
        );
        return ok({ ...fromRow(row), lines: order.lines });
      });
      // Counted once committed, so the next catalogue read sees the stock it took.
      return placed.ok ? writes.stockMoved(order.lines.map((line) => line.productId!), emptied, placed) : placed;
    } catch (error) {
      if (error instanceof PlacementRefused) return fail(error.failure);
      const cause = pgErrorOf(error);
      if (cause?.code === '23505' && cause.constraint === 'orders_user_idempotency_unique') return fail({ code: 'duplicate-key' });
      throw error;
    }
  };

  /** unpaid → pending → shipped: one conditional UPDATE, so a lost race simply matches no row. */
  const transition = (id: string, from: Order['status'], changes: Partial<OrderRow>): Promise<Order | null> =>
    one(
      db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning(),
    );

  return {
    placeReservingStock: place,
    async decideApproval(id, decision, audit, mail) {
      return db.transaction(async (tx) => {
        // One conditional UPDATE: of two managers deciding at once, the second matches no row.
        const decided = await one(
          tx
            .update(orders)
            .set(decidedApproval(decision))
            .where(and(eq(orders.id, id), eq(orders.status, 'awaiting-approval')))
            .returning(),
          tx,
        );
        if (!decided) return null;
        if (!decision.approve) await returnStockInIdOrder(tx, decided.lines);
        await queueMails(tx, mail, id, decision.at);
        await recordAudit(tx, audit, { status: decided.status });
        return decided;
      });
    },
    async listByCompany(companyId, search, page) {
      const filter = and(
        eq(orders.companyId, companyId),
        search.status === undefined ? undefined : eq(orders.status, search.status),
        search.userId === undefined ? undefined : eq(orders.userId, search.userId),
      );
      const found = toPage(await newestFirst(db.select().from(orders).$dynamic(), { createdAt: orders.createdAt, key: orders.id }, page, filter), page.limit);
      return { ...found, items: await withLines(found.items) };
    },
    async findById(id) {
      return one(db.select().from(orders).where(eq(orders.id, id)));
    },
    async findByIdempotencyKey(userId, key) {
      return one(
        db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key))),
      );
    },
    async listByUser(userId, page, search = {}) {
      const query = newestFirst(
        db.select().from(orders).$dynamic(),
        { createdAt: orders.createdAt, key: orders.id },
        page,
        and(eq(orders.userId, userId), search.q === undefined ? undefined : or(...searchKeys(search.q))),
      );
      const found = toPage(await query, page.limit);
      return { ...found, items: await withLines(found.items) };
    },
    async listAll(search, page) {
      const query = newestFirst(db.select().from(orders).$dynamic(), { createdAt: orders.createdAt, key: orders.id }, page, searchFilter(search));
      const found = toPage(await query, page.limit);
      return { ...found, items: await withLines(found.items) };
    },
    async count(search) {
      if (search.q || search.placed || search.companyId) return db.$count(orders, searchFilter(search));
      // Without words to match, the counters the triggers keep answer at once (schema.ts, orderStatusCounts).
      const [row] = await db
        .select({ count: sql<string>`coalesce(sum(${orderStatusCounts.count}), 0)` })
        .from(orderStatusCounts)
        .where(search.status ? eq(orderStatusCounts.status, search.status) : undefined);
      return Number(row?.count ?? 0);
    },
    async deleteUnpaidReturningStock(id, audit) {
      return db.transaction(async (tx) => {
        // The products before the order's row goes: a placement locks its products, then its
        // insert's trigger a status counter (order_status_counts); deleting first would take a
        // counter and then wait for a product, the other way round, and could deadlock with it.
        const [unpaid] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, id), inArray(orders.status, [...HOLDING_STATUSES])))
          .for('update');
        if (!unpaid) return false;
        const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, id));
        await returnStockInIdOrder(tx, lines);
        await tx.delete(orders).where(eq(orders.id, id));
        await recordAudit(tx, audit, null);
        return true;
      });
    },
    async attachPaymentIntent(id, paymentIntentId) {
      return (await transition(id, 'unpaid', { paymentIntentId })) !== null;
    },
    async listUnpaidPlacedBefore(cutoff, limit) {
      const batches = await Promise.all(
        HOLDING_STATUSES.map((status) => db.select().from(orders).where(unpaidPlacedBefore(orders, status, cutoff)).orderBy(...oldestFirst(orders)).limit(limit)),
      );
      return withLines(oldestOf(batches, limit));
    },
    async listUnpaidWithIntentOf(userId, limit) {
      // Along orders_user_status_idx: a buyer at the cap holds only a few unpaid orders.
      return withLines(await db.select().from(orders).where(unpaidWithIntentOf(orders, userId)).orderBy(...oldestFirst(orders)).limit(limit));
    },
    async countUnpaidOf(userId, atMost) {
      // The buyer's unpaid orders along orders_user_status_idx, stopping at the cap.
      return db.$count(db.select({ one: sql`1`.as('one') }).from(orders).where(unpaidOf(orders, userId)).limit(atMost).as('unpaid'));
    },
    async markPaid(id, transactionId, paidAt, mail) {
      // The order moves first (its row locked), then the year's invoice counter: two processes
      // paying at once queue on that counter's row, and a lost race takes no number.
      return db.transaction(async (tx) => {
        const [paid] = await tx
          .update(orders)
          .set({ status: 'pending', transactionId, paidAt })
          .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
          .returning({ id: orders.id });
        if (!paid) return null;
        const year = numberingYear(paidAt);
        const [sequence] = await tx
          .insert(numberSequences)
          .values({ kind: INVOICE_SEQUENCE, year, last: 1 })
          .onConflictDoUpdate({ target: [numberSequences.kind, numberSequences.year], set: { last: sql`${numberSequences.last} + 1` } })
          .returning({ last: numberSequences.last });
        await queueMails(tx, mail, id, paidAt);
        return one(tx.update(orders).set({ invoiceNumber: formatInvoiceNumber(year, sequence?.last ?? 1) }).where(eq(orders.id, id)).returning(), tx);
      });
    },
    async issueInvoiceNumber(id) {
      // The order's row is locked first, so two requests for one order take one number between them.
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row || row.status === 'unpaid' || row.paidAt === null) return null;
        if (row.invoiceNumber !== null) return one(Promise.resolve([row]), tx);
        const year = numberingYear(row.paidAt);
        const [sequence] = await tx
          .insert(numberSequences)
          .values({ kind: INVOICE_SEQUENCE, year, last: 1 })
          .onConflictDoUpdate({ target: [numberSequences.kind, numberSequences.year], set: { last: sql`${numberSequences.last} + 1` } })
          .returning({ last: numberSequences.last });
        return one(tx.update(orders).set({ invoiceNumber: formatInvoiceNumber(year, sequence?.last ?? 1) }).where(eq(orders.id, id)).returning(), tx);
      });
    },
    async markShipped(id, shippedAt, shipping, audit, mail) {
      return db.transaction(async (tx) => {
        const shipped = await one(
          tx.update(orders).set({ status: 'shipped', shippedAt, ...shipping }).where(and(eq(orders.id, id), eq(orders.status, 'pending'))).returning(),
          tx,
        );
        if (shipped) {
          await queueMails(tx, mail, id, shippedAt);
          await recordAudit(tx, audit, { status: shipped.status });
        }
        return shipped;
      });
    },
  };
}
