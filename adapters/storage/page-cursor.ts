import type { Page } from '#domain/shared/page.ts';

/**
 * The position of a row in a newest-first listing: (createdAt desc, key desc). The key is a
 * unique column (the id; a subscriber's e-mail) that breaks ties, so rows sharing a timestamp are
 * neither skipped nor repeated across pages.
 */
export interface CursorPosition {
  createdAtMs: number;
  id: string;
}

/** A listed row: its creation time; `KeyOf` names its tie-breaking key. */
type Listed = { createdAt: Date };
export type KeyOf<T> = (row: T) => string;
/** The usual tie-breaking key. */
export const byId = (row: { id: string }): string => row.id;

/** Opaque to callers: base64url of "<ms>:<key>". */
export const encodeCursor = (position: CursorPosition): string =>
  Buffer.from(`${position.createdAtMs}:${position.id}`, 'utf8').toString('base64url');

/**
 * Returns null for a missing or malformed cursor, which every adapter treats as "start from the
 * newest row": a cursor is only ever something we handed out, so garbage must not become a 500.
 */
export const decodeCursor = (cursor: string | null | undefined): CursorPosition | null => {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.+)$/s.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const createdAtMs = Number(match[1]);
  if (!Number.isSafeInteger(createdAtMs)) return null;
  return { createdAtMs, id: match[2] };
};

/**
 * Builds a page from rows fetched with `limit + 1`: the extra row only tells whether another page
 * exists, and the cursor points at the last row actually returned.
 */
export const toPageKeyedBy = <T extends Listed>(rows: T[], limit: number, keyOf: KeyOf<T>): Page<T> => {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ createdAtMs: last.createdAt.getTime(), id: keyOf(last) }) : null;
  return { items, nextCursor };
};

/** toPageKeyedBy for rows whose id breaks ties (every listing but the subscribers'). */
export const toPage = <T extends Listed & { id: string }>(rows: T[], limit: number): Page<T> => toPageKeyedBy(rows, limit, byId);

/** True when `row` comes strictly after `position` in (createdAt desc, key desc) order. */
export const isAfterCursor = <T extends Listed>(row: T, position: CursorPosition, keyOf: KeyOf<T>): boolean => {
  const ms = row.createdAt.getTime();
  return ms < position.createdAtMs || (ms === position.createdAtMs && keyOf(row) < position.id);
};

/** Comparator for (createdAt desc, key desc). */
export const newestFirstBy =
  <T extends Listed>(keyOf: KeyOf<T>) =>
  (a: T, b: T): number => {
    const [keyA, keyB] = [keyOf(a), keyOf(b)];
    return b.createdAt.getTime() - a.createdAt.getTime() || (keyA < keyB ? 1 : keyA > keyB ? -1 : 0);
  };
