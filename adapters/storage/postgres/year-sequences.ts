import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatOrderNumber, formatQuoteNumber } from '#domain/ordering/order-number.ts';
import { rowsOfResult, type PgDb } from './database.ts';
import { numberSequences, orders, quotes } from './schema.ts';

/** The kinds numbered by a PostgreSQL sequence (order and quote numbers); invoices stay in number_sequences. */
export type SequencedKind = 'order' | 'quote';

/** The error chain's PostgreSQL error code (drizzle wraps the driver's error in `cause`). */
export const pgErrorOf = (error: unknown): { code?: unknown; constraint?: unknown } | null => {
  for (let link: unknown = error, depth = 0; typeof link === 'object' && link !== null && depth < 5; link = (link as { cause?: unknown }).cause, depth++) {
    if ('code' in link && typeof link.code === 'string') return link;
  }
  return null;
};

/**
 * Order and quote numbers on PostgreSQL (adapters/storage/README.md, "Shared decisions"): one sequence per
 * kind and UTC year, `order_number_2026`, created the first time this process numbers something
 * of that year. A sequence hands out values without a row lock, so concurrent orders never queue
 * behind one counter; the price is gaps (a rolled-back order's number is not given again), which
 * order and quote numbers may have. A new year gets a new sequence, so numbers restart at 1 each
 * year and stay unique and increasing within it. A year numbered before its sequence existed (a
 * database upgraded mid-year) starts the sequence after the last number given, by `number_sequences`
 * or in the stored numbers, whichever is higher.
 */
export function createYearSequences(db: PgDb) {
  const ready = new Map<string, Promise<void>>();

  /** The highest number of the kind already stored for the year, read from the numbers themselves. */
  const highestStored = async (kind: SequencedKind, year: number): Promise<number> => {
    const [table, first] = kind === 'order' ? [orders, formatOrderNumber(year, 1)] : [quotes, formatQuoteNumber(year, 1)];
    const prefix = first.slice(0, -'000001'.length);
    const [row] = await rowsOfResult<{ highest: string | null }>(
      db.execute(sql`SELECT max(substring(${table.number} FROM ${prefix.length + 1}::integer)::bigint) AS highest FROM ${table} WHERE ${table.number} LIKE ${`${prefix}%`}`),
    );
    return Number(row?.highest ?? 0);
  };

  const create = async (kind: SequencedKind, year: number, name: string): Promise<void> => {
    const [found] = await rowsOfResult<{ exists: boolean }>(db.execute(sql`SELECT to_regclass(${name}) IS NOT NULL AS exists`));
    if (found?.exists) return;
    // After whatever was given that year before the sequence existed: by number_sequences (a database
    // upgraded mid-year) or found in the stored numbers (a counter behind them, however that came about).
    const [given] = await db
      .select({ last: numberSequences.last })
      .from(numberSequences)
      .where(and(eq(numberSequences.kind, kind), eq(numberSequences.year, year)));
    const start = Math.max(given?.last ?? 0, await highestStored(kind, year)) + 1;
    try {
      // DDL takes no parameters: the name is built from a fixed kind and a checked year, the start is an integer.
      await db.execute(sql`CREATE SEQUENCE IF NOT EXISTS ${sql.identifier(name)} START WITH ${sql.raw(String(start))}`);
    } catch (error) {
      // Another instance created it at the same moment (IF NOT EXISTS still races on the catalogue's unique index): it exists.
      const code = pgErrorOf(error)?.code;
      if (code !== '23505' && code !== '42P07') throw error;
    }
  };

  return {
    /**
     * `nextval` of the kind's sequence for `year`, as an SQL expression to put in a statement the
     * caller runs anyway; the sequence is created first if this process has not seen it yet.
     */
    async nextval(kind: SequencedKind, year: number): Promise<SQL<string>> {
      if (!Number.isSafeInteger(year) || year < 2000 || year > 9999) throw new RangeError(`year out of range: ${year}`);
      const name = `${kind}_number_${year}`;
      let made = ready.get(name);
      if (!made) {
        made = create(kind, year, name);
        ready.set(name, made);
        // A failed creation is tried again by the next order rather than remembered.
        made.catch(() => ready.delete(name));
      }
      await made;
      // bigint comes back as text from node-postgres; the caller reads it with Number().
      return sql<string>`nextval(${name}::regclass)`;
    },
  };
}

export type YearSequences = ReturnType<typeof createYearSequences>;
