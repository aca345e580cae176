import { createHash } from 'node:crypto';

/** A response body serialised and UTF-8 encoded once (no re-encoding per hit), with its entity tag. */
export interface CachedBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A strong entity tag: the same bytes always get the same tag, so unchanged pages keep theirs. */
export const etagOf = (body: Uint8Array): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

const utf8 = new TextEncoder();

export const cachedBodyOf = (json: string): CachedBody => {
  const body = utf8.encode(json);
  return { body, etag: etagOf(body) };
};

/** The products whose stock alone moved, in order (the storage's catalogStockMoves). */
export interface StockMoves {
  count(): number;
  /** The products moved after the first `seen` moves; null when those are no longer remembered. */
  productsMovedSince(seen: number): readonly string[] | null;
}

/** What the cache asks the storage: its catalogVersion, and the stock moves that do not move it. */
export interface CatalogClock {
  version: () => string | null;
  stockMoves: StockMoves | null;
}

/**
 * Serialised responses keyed by request, valid for one catalog version (the storage's
 * catalogVersion, adapters/storage/storage.ts): the first lookup under a new version drops every
 * entry, so a write can never leave a stale page behind. An order that only moved some products'
 * stock (catalogStockMoves) drops just the entries showing those products, and those that did not
 * say which products they show: the rest of the catalogue stays warm however many orders arrive.
 * Bounded by the bytes it holds (a client can invent any number of cursors); the oldest entries go
 * first.
 */
export interface ResponseCache<T extends CachedBody = CachedBody> {
  /** A token for the data of this moment, or null when the store cannot tell (then nothing is cached). */
  version(): string | null;
  /** The entry for `key` that is true now; `version` is the token just read. */
  get(key: string, version: string): T | undefined;
  /**
   * Kept only if `version`, read BEFORE the body was computed, is still the current one. `shows`:
   * the products whose stock the body shows; null when any product's may matter.
   */
  set(key: string, version: string, entry: T, shows: readonly string[] | null): void;
}

export const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;

interface Kept<T> {
  entry: T;
  shows: readonly string[] | null;
  size: number;
}

export function createResponseCache<T extends CachedBody = CachedBody>(clock: CatalogClock | undefined, maxBytes: number = DEFAULT_CACHE_BYTES): ResponseCache<T> {
  const entries = new Map<string, Kept<T>>();
  // Which entries show each product, and which did not say (any stock move drops those).
  const showing = new Map<string, Set<string>>();
  const showingAny = new Set<string>();
  let bytes = 0;
  let entriesVersion: string | null = null;
  let movesSeen = 0;
  // The token the entries were last brought up to: while it holds, a lookup is one Map read.
  let syncedToken: string | null = null;

  const movesNow = () => clock?.stockMoves?.count() ?? 0;
  const tokenOf = (version: string, moves: number) => `${version}/${moves}`;
  const token = (): string | null => {
    const version = clock?.version() ?? null;
    return version === null ? null : tokenOf(version, movesNow());
  };
  // Two bytes a character is what V8 may spend on a string.
  const sizeOf = (key: string, entry: T, shows: readonly string[] | null) =>
    entry.body.byteLength + 2 * (key.length + entry.etag.length + (shows?.reduce((sum, id) => sum + id.length, 0) ?? 0));

  const remove = (key: string) => {
    const kept = entries.get(key);
    if (!kept) return;
    entries.delete(key);
    bytes -= kept.size;
    if (kept.shows === null) showingAny.delete(key);
    else
      for (const id of kept.shows) {
        const keys = showing.get(id);
        keys?.delete(key);
        if (keys?.size === 0) showing.delete(id);
      }
  };
  const dropAll = (version: string) => {
    entries.clear();
    showing.clear();
    showingAny.clear();
    bytes = 0;
    entriesVersion = version;
  };

  /** Brings the entries up to this moment; false when nothing may be kept. */
  const catchUp = (): boolean => {
    const version = clock?.version() ?? null;
    if (version === null) return false;
    const moves = movesNow();
    if (version !== entriesVersion) dropAll(version);
    else if (moves !== movesSeen) {
      const moved = clock!.stockMoves!.productsMovedSince(movesSeen);
      if (moved === null) dropAll(version);
      else {
        for (const key of [...showingAny]) remove(key);
        for (const id of moved) for (const key of [...(showing.get(id) ?? [])]) remove(key);
      }
    }
    movesSeen = moves;
    syncedToken = tokenOf(version, moves);
    return true;
  };

  return {
    version: token,
    get(key, version) {
      if (version !== syncedToken && !catchUp()) return undefined;
      return entries.get(key)?.entry;
    },
    set(key, version, entry, shows) {
      // A write landed while the body was being computed: the body may predate it.
      if (token() !== version || (version !== syncedToken && !catchUp())) return;
      const size = sizeOf(key, entry, shows);
      if (size > maxBytes) return;
      remove(key);
      entries.set(key, { entry, shows, size });
      bytes += size;
      if (shows === null) showingAny.add(key);
      else for (const id of shows) (showing.get(id) ?? showing.set(id, new Set()).get(id)!).add(key);
      for (const oldKey of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldKey);
      }
    },
  };
}
