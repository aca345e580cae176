import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { decidedApproval, oldestFirst, oldestOf, spendingOf, unpaidOf, unpaidPlacedBefore, unpaidWithIntentOf } from '../order-queries.ts';
import type { CompanyOrderSearch, OrderRepository, OrderSearch, PlacementApproval, ReservationFailure } from '#domain/ordering/order-repository.ts';
import { HOLDING_STATUSES, type NewOrder, type Order } from '#domain/ordering/order.ts';
import type { OrderMailKind } from '#domain/mail/mail-outbox.ts';
import { formatInvoiceNumber, numberingYear, orderNumberTail, PREFIX_END, reversedText } from '#domain/ordering/order-number.ts';
import type { Page } from '#domain/shared/page.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { fromRow, INVOICE_SEQUENCE, joinLines, ORDER_SEQUENCE, PlacementRefused, rowsOf, type OrderRow } from '../order-rows.ts';
import { preparedInsert, type SqliteConnection } from './database.ts';
import { auditRecorder } from './audit.ts';
import { mailsQueuer } from './outbox.ts';
import { newestFirstReader } from './newest-first.ts';
import { sqliteStock } from './stock.ts';
import { orderLines, orders, orderStatusCounts } from './schema.ts';

/**
 * The admins' order search as placeholders (`status`, `q` and its ranges), for the shapes a search
 * can take. The search keys `q` matches (see OrderSearch), each answered by an index: the primary
 * key, orders_number_reversed_idx (a tail of the number is the start of `number_reversed`, which a
 * trigger writes: drizzle/sqlite/0022_order_number_tails.sql), orders_email_lower_idx and
 * orders_po_number_idx (the start of the PO number, a range).
 */
const searchKeys = (q: ReturnType<typeof sql.placeholder>): SQL[] => [
  eq(orders.id, q),
  sql`(number_reversed >= ${sql.placeholder('tailFrom')} AND number_reversed < ${sql.placeholder('tailTo')})`,
  sql`lower(${orders.email}) = lower(${q})`,
  and(gte(orders.poNumber, sql.placeholder('poFrom')), lt(orders.poNumber, sql.placeholder('poTo')))!,
];
/** The placeholders' values for `q`: an empty range where `q` cannot be a number's tail. */
const searchParams = (q: string) => {
  const tail = orderNumberTail(q);
  const reversed = tail === null ? '' : reversedText(tail);
  return { q, tailFrom: reversed, tailTo: tail === null ? '' : reversed + PREFIX_END, poFrom: q, poTo: q + PREFIX_END };
};
const searchFilter = (search: OrderSearch): SQL | undefined =>
  and(
    search.status === undefined ? undefined : eq(orders.status, sql.placeholder('status')),
    search.companyId === undefined ? undefined : eq(orders.companyId, sql.placeholder('companyId')),
    search.q === undefined ? undefined : or(...searchKeys(sql.placeholder('q'))),
    search.placed === undefined ? undefined : and(gte(orders.createdAt, sql.placeholder('from')), lt(orders.createdAt, sql.placeholder('before'))),
  );
const searchShape = (search: OrderSearch): string =>
  `${search.status === undefined ? '' : 'status'}:${search.companyId === undefined ? '' : 'company'}:${search.q === undefined ? '' : 'q'}:${search.placed === undefined ? '' : 'placed'}`;

type Placement = Result<Order, ReservationFailure>;

/**
 * Orders on SQLite. better-sqlite3 is synchronous, so every multi-statement write is a
 * synchronous IMMEDIATE transaction: it takes the write lock up front, which also keeps several
 * processes on the same file from overselling (busy_timeout makes them wait their turn).
 */
export function createSqliteOrders(db: SqliteConnection, catalog: CatalogWrites): OrderRepository {
  const orderByKey = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))))
    .prepare();
  const stock = sqliteStock(db);
  const insertOrder = preparedInsert(db, orders);
  const insertLine = preparedInsert(db, orderLines);
  const queueMails = mailsQueuer(db);
  const recordAudit = auditRecorder(db);
  const orderById = db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).prepare();
  const linesOfOrder = db.select().from(orderLines).where(eq(orderLines.orderId, sql.placeholder('id'))).orderBy(asc(orderLines.position)).prepare();
  const newestFirstOfUser = newestFirstReader(
    () => db.select().from(orders).$dynamic(),
    { createdAt: orders.createdAt, key: orders.id },
    eq(orders.userId, sql.placeholder('userId')),
  );
  // A buyer's search among their own orders (along orders_user_newest_idx: a buyer has few).
  const newestFirstOfUserMatching = newestFirstReader(
    () => db.select().from(orders).$dynamic(),
    { createdAt: orders.createdAt, key: orders.id },
    and(eq(orders.userId, sql.placeholder('userId')), or(...searchKeys(sql.placeholder('q')))),
  );

  /** The orders of these rows, each with its lines (one query for all of them). */
  const withLines = (rows: OrderRow[]): Order[] =>
    rows.length === 0
      ? []
      : joinLines(
          rows,
          db
            .select()
            .from(orderLines)
            .where(inArray(orderLines.orderId, rows.map((row) => row.id)))
            .all(),
        );
  const one = (row: OrderRow | undefined): Order | null => (row ? { ...fromRow(row), lines: linesOfOrder.all({ id: row.id }).map(({ orderId: _o, position: _p, ...line }) => line) } : null);
  const pageWithLines = (page: Page<OrderRow>): Page<Order> => ({ ...page, items: withLines(page.items) });

  // Drizzle's builders change in place: each statement gets its own.
  const counted = () => db.select({ count: sql<number>`coalesce(sum(${orderStatusCounts.count}), 0)` }).from(orderStatusCounts);
  const countOfStatus = counted().where(eq(orderStatusCounts.status, sql.placeholder('status'))).prepare();
  const countOfAll = counted().prepare();
  // The buyer's unpaid orders along orders_user_status_idx, stopping at the cap; asked on every order
  // placed. Counting a constant reads the index alone: selecting the id read each order's row too.
  const unpaidCount = db
    .select({ count: sql<number>`count(*)` })
    .from(db.select({ one: sql`1`.as('one') }).from(orders).where(unpaidOf(orders, sql.placeholder('userId'))).limit(sql.placeholder('atMost')).as('unpaid'))
    .prepare();
  // One prepared reader and count per search shape (at most four), made on first use.
  const prepareSearch = (search: OrderSearch) => {
    const filter = searchFilter(search);
    return {
      page: newestFirstReader(() => db.select().from(orders).$dynamic(), { createdAt: orders.createdAt, key: orders.id }, filter),
      count: db.select({ count: sql<number>`count(*)`.as('count') }).from(orders).where(filter).prepare(),
    };
  };
  const searches = new Map<string, ReturnType<typeof prepareSearch>>();
  const searchOf = (search: OrderSearch) => {
    const shape = searchShape(search);
    const prepared = searches.get(shape) ?? prepareSearch(search);
    searches.set(shape, prepared);
    const params = {
      ...(search.status === undefined ? {} : { status: search.status }),
      ...(search.companyId === undefined ? {} : { companyId: search.companyId }),
      ...(search.q === undefined ? {} : searchParams(search.q)),
      // Placeholders skip the column's mapping: the stored milliseconds.
      ...(search.placed === undefined ? {} : { from: search.placed.from.getTime(), before: search.placed.before.getTime() }),
    };
    return { ...prepared, params };
  };

  /**
   * Every line's units, saying whether a shelf was emptied; or a PlacementRefused naming each short
   * line (the transaction then undoes them all).
   */
  const reserveEveryLine = (order: NewOrder): { emptied: boolean } => {
    const taken = stock.takeEvery(order.lines.map((line, index) => ({ index, productId: line.productId, quantity: line.quantity })));
    if ('code' in taken) throw new PlacementRefused(taken);
    return taken;
  };

  // better-sqlite3's own transaction function, made once: drizzle's db.transaction() builds one
  // (and its own transaction object) on every call, and placing is the shop's busiest write.
  // What a member spent for their company since the month began (order-repository.ts, PlacementApproval), along orders_user_newest_idx.
  const spentSince = db
    .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(spendingOf(orders, { userId: sql.placeholder('userId'), companyId: sql.placeholder('companyId') }, sql.placeholder('since')))
    .prepare();

  const placeInOneTransaction = db.$client.transaction((order: NewOrder, mail: readonly OrderMailKind[] | undefined, approval: PlacementApproval | undefined): Placement => {
    // Inside an IMMEDIATE transaction nobody else writes, so these checks cannot go stale.
    if (order.idempotencyKey !== null && orderByKey.get({ userId: order.userId, key: order.idempotencyKey })) {
      return fail({ code: 'duplicate-key' });
    }
    const { emptied } = reserveEveryLine(order);
    // Counted under the same write lock: two orders of one member at once are summed one after the other.
    const waitingFor = approval ? approval.decide(spentSince.get({ userId: order.userId, companyId: approval.companyId, since: approval.monthStart.getTime() })?.cents ?? 0) : null;
    const sequence = stock.nextNumber(ORDER_SEQUENCE, numberingYear(order.createdAt));
    const { row, lines } = rowsOf(order, sequence, waitingFor);
    insertOrder(row);
    for (const line of lines) insertLine(line);
    queueMails(waitingFor ? approval!.waitingMail : mail, order.id, order.createdAt);
    return catalog.stockMoved(order.lines.map((line) => line.productId!), emptied, ok({ ...fromRow(row), lines: order.lines }));
  }).immediate;

  const place = (order: NewOrder, mail: readonly OrderMailKind[] | undefined, approval?: PlacementApproval): Placement => {
    try {
      return placeInOneTransaction(order, mail, approval);
    } catch (error) {
      if (error instanceof PlacementRefused) return fail(error.failure);
      throw error;
    }
  };

  /** unpaid → pending → shipped: one conditional UPDATE, so a lost race simply matches no row. */
  const transition = (id: string, from: Order['status'], changes: Partial<OrderRow>): Order | null =>
    one(
      db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning()
        .get(),
    );

  // A company's orders, one prepared reader per filter shape (company alone, with a status, a member, both).
  const prepareCompanyReader = (search: CompanyOrderSearch) =>
    newestFirstReader(
      () => db.select().from(orders).$dynamic(),
      { createdAt: orders.createdAt, key: orders.id },
      and(
        eq(orders.companyId, sql.placeholder('companyId')),
        search.status === undefined ? undefined : eq(orders.status, sql.placeholder('status')),
        search.userId === undefined ? undefined : eq(orders.userId, sql.placeholder('userId')),
      ),
    );
  const companyReaders = new Map<string, ReturnType<typeof prepareCompanyReader>>();
  const companyReader = (search: CompanyOrderSearch) => {
    const shape = `${search.status === undefined ? '' : 'status'}:${search.userId === undefined ? '' : 'user'}`;
    const reader = companyReaders.get(shape) ?? prepareCompanyReader(search);
    companyReaders.set(shape, reader);
    return reader;
  };

  return {
    async placeReservingStock(order, mail, approval) {
      return place(order, mail, approval);
    },
    async decideApproval(id, decision, audit, mail) {
      return db.transaction(
        (tx) => {
          const decided = tx
            .update(orders)
            .set(decidedApproval(decision))
            .where(and(eq(orders.id, id), eq(orders.status, 'awaiting-approval')))
            .returning()
            .get();
          if (!decided) return null;
          const order = one(decided)!;
          if (!decision.approve) for (const line of order.lines) if (line.productId !== null) stock.give(line.productId, line.quantity);
          queueMails(mail, id, decision.at);
          recordAudit(audit, { status: order.status });
          return decision.approve ? order : catalog.changed(order);
        },
        { behavior: 'immediate' },
      );
    },
    async listByCompany(companyId, search, page) {
      const params = { companyId, ...(search.status === undefined ? {} : { status: search.status }), ...(search.userId === undefined ? {} : { userId: search.userId }) };
      return pageWithLines(toPage(companyReader(search)(page, params), page.limit));
    },
    async findById(id) {
      return one(orderById.get({ id }));
    },
    async findByIdempotencyKey(userId, key) {
      return one(
        db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
          .get(),
      );
    },
    async listByUser(userId, page, search = {}) {
      const rows = search.q === undefined ? newestFirstOfUser(page, { userId }) : newestFirstOfUserMatching(page, { userId, ...searchParams(search.q) });
      return pageWithLines(toPage(rows, page.limit));
    },
    async listAll(search, page) {
      const { page: read, params } = searchOf(search);
      return pageWithLines(toPage(read(page, params), page.limit));
    },
    async count(search) {
      // Without words to match, the counters the triggers keep answer at once (schema.ts, orderStatusCounts).
      if (!search.q && !search.placed && !search.companyId) return (search.status ? countOfStatus.get({ status: search.status }) : countOfAll.get())?.count ?? 0;
      const { count, params } = searchOf(search);
      return count.get(params)?.count ?? 0;
    },
    async deleteUnpaidReturningStock(id, audit) {
      return db.transaction(
        (tx) => {
          // The lines go with the order (ON DELETE CASCADE): read them first.
          const lines = linesOfOrder.all({ id });
          const deleted = tx
            .delete(orders)
            .where(and(eq(orders.id, id), inArray(orders.status, [...HOLDING_STATUSES])))
            .returning({ id: orders.id })
            .get();
          if (!deleted) return false;
          for (const line of lines) stock.give(line.productId, line.quantity);
          recordAudit(audit, null);
          return catalog.changed(true);
        },
        { behavior: 'immediate' },
      );
    },
    async attachPaymentIntent(id, paymentIntentId) {
      return transition(id, 'unpaid', { paymentIntentId }) !== null;
    },
    async listUnpaidPlacedBefore(cutoff, limit) {
      const batches = HOLDING_STATUSES.map((status) => db.select().from(orders).where(unpaidPlacedBefore(orders, status, cutoff)).orderBy(...oldestFirst(orders)).limit(limit).all());
      return withLines(oldestOf(batches, limit));
    },
    async listUnpaidWithIntentOf(userId, limit) {
      // Along orders_user_status_idx: a buyer at the cap holds only a few unpaid orders.
      return withLines(db.select().from(orders).where(unpaidWithIntentOf(orders, userId)).orderBy(...oldestFirst(orders)).limit(limit).all());
    },
    async countUnpaidOf(userId, atMost) {
      return unpaidCount.get({ userId, atMost })?.count ?? 0;
    },
    async markPaid(id, transactionId, paidAt, mail) {
      // The number is taken only once the order is known to move, in the same transaction: never skipped, never twice.
      return db.transaction(
        () => {
          const paid = transition(id, 'unpaid', { status: 'pending', transactionId, paidAt });
          if (!paid) return null;
          const year = numberingYear(paidAt);
          const invoiceNumber = formatInvoiceNumber(year, stock.nextNumber(INVOICE_SEQUENCE, year));
          db.update(orders).set({ invoiceNumber }).where(eq(orders.id, id)).run();
          queueMails(mail, id, paidAt);
          return { ...paid, invoiceNumber };
        },
        { behavior: 'immediate' },
      );
    },
    async issueInvoiceNumber(id) {
      return db.transaction(
        () => {
          const row = db.select().from(orders).where(eq(orders.id, id)).get();
          if (!row || row.status === 'unpaid' || row.paidAt === null) return null;
          if (row.invoiceNumber !== null) return one(row);
          const year = numberingYear(row.paidAt);
          const invoiceNumber = formatInvoiceNumber(year, stock.nextNumber(INVOICE_SEQUENCE, year));
          return one(db.update(orders).set({ invoiceNumber }).where(eq(orders.id, id)).returning().get());
        },
        { behavior: 'immediate' },
      );
    },
    async markShipped(id, shippedAt, shipping, audit, mail) {
      return db.transaction(() => {
        const shipped = transition(id, 'pending', { status: 'shipped', shippedAt, ...shipping });
        if (shipped) {
          queueMails(mail, id, shippedAt);
          recordAudit(audit, { status: shipped.status });
        }
        return shipped;
      });
    },
  };
}
