import type { Page } from '#domain/shared/page.ts';

/**
 * The position of a row in a newest-first listing: (createdAt desc, id desc). The id breaks ties
 * so rows sharing a timestamp are neither skipped nor repeated across pages.
 */
export interface CursorPosition {
  createdAtMs: number;
  id: string;
}

/** Opaque to callers: base64url of "<ms>:<id>". */
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
export const toPage = <T extends { id: string; createdAt: Date }>(rows: T[], limit: number): Page<T> => {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ createdAtMs: last.createdAt.getTime(), id: last.id }) : null;
  return { items, nextCursor };
};

/** True when `row` comes strictly after `position` in (createdAt desc, id desc) order. */
export const isAfterCursor = (row: { id: string; createdAt: Date }, position: CursorPosition): boolean => {
  const ms = row.createdAt.getTime();
  return ms < position.createdAtMs || (ms === position.createdAtMs && row.id < position.id);
};

/** Comparator for (createdAt desc, id desc). */
export const newestFirst = (a: { id: string; createdAt: Date }, b: { id: string; createdAt: Date }): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
