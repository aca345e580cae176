/** One page of a newest-first list; `nextCursor` is opaque to callers. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export interface PageRequest {
  limit: number;
  cursor?: string | null | undefined;
}
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/**
 * The page a caller asked for, as every list port takes it: the limit defaults to 24 and is
 * clamped to 1..100 whatever the caller asks for; a missing cursor means "from the newest row".
 */
export const pageRequest = (request: { limit?: number | undefined; cursor?: string | null | undefined } = {}): PageRequest => ({
  limit: Math.min(Math.max(Math.trunc(request.limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE),
  cursor: request.cursor ?? null,
});
