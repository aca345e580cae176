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
