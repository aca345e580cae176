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

/**
 * Serialised responses keyed by request, all valid for one data version (the storage's catalogVersion, adapters/storage/storage.ts):
 * the first lookup under a new version drops every entry, so a write can never leave a stale page
 * behind. Bounded by the bytes it holds (a client can invent any number of cursors); the oldest
 * entries go first.
 */
export interface ResponseCache {
  /** The data version now, or null when the store cannot tell (then nothing is cached). */
  version(): string | null;
  get(key: string, version: string): CachedBody | undefined;
  /** Kept only if `version`, read BEFORE the body was computed, is still the current one. */
  set(key: string, version: string, entry: CachedBody): void;
}

export const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;

export function createResponseCache(
  currentVersion: (() => string | null) | undefined,
  maxBytes: number = DEFAULT_CACHE_BYTES,
): ResponseCache {
  const entries = new Map<string, CachedBody>();
  let entriesVersion: string | null = null;
  let bytes = 0;
  // Two bytes a character is what V8 may spend on a string.
  const sizeOf = (key: string, entry: CachedBody) => entry.body.byteLength + 2 * (key.length + entry.etag.length);

  const dropAll = (version: string) => {
    entries.clear();
    bytes = 0;
    entriesVersion = version;
  };

  return {
    version: () => (currentVersion ? currentVersion() : null),
    get(key, version) {
      if (version !== entriesVersion) {
        dropAll(version);
        return undefined;
      }
      return entries.get(key);
    },
    set(key, version, entry) {
      // A write landed while the body was being computed: the body may predate it.
      if (!currentVersion || currentVersion() !== version) return;
      if (version !== entriesVersion) dropAll(version);
      const size = sizeOf(key, entry);
      if (size > maxBytes) return;
      const previous = entries.get(key);
      if (previous) {
        bytes -= sizeOf(key, previous);
        entries.delete(key);
      }
      entries.set(key, entry);
      bytes += size;
      for (const [oldKey, oldEntry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldKey);
        bytes -= sizeOf(oldKey, oldEntry);
      }
    },
  };
}
