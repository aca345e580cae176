/**
 * A rendered page's compressed bodies (docs/storefront.md, "Caching"): brotli or gzip
 * as the visitor's Accept-Encoding prefers, made once per page kept in the cache and reused by
 * every visitor after, whether Hono (page-rendering.ts) or the door before it (cached-reads.ts)
 * answers. A page is ~25 kB of HTML that compresses to ~6 kB; sending it plain cost more socket
 * work than building the answer.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { qualityOf } from './static-files.ts';

export type PageEncoding = 'br' | 'gzip';

/**
 * A kept page is compressed once for every visitor after: brotli at 5 and gzip at 6, within a few
 * percent of their best sizes at about half a millisecond on a product page. A page sent once (the
 * cache off, or a 5xx) pays it on every request: brotli at 1 and gzip at 1 there, ~0.2 ms, 10–20%
 * larger.
 */
const compress: Record<PageEncoding, (body: Uint8Array, once: boolean) => Uint8Array> = {
  br: (body, once) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: once ? 1 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
  gzip: (body, once) => gzipSync(body, { level: once ? 1 : 6 }),
};

/**
 * Browsers send a handful of distinct Accept-Encoding values: each is read once. Bounded, since a
 * client may send any string.
 */
const MAX_REMEMBERED = 64;
const remembered = new Map<string, PageEncoding | null>();

/** The encoding to answer with: the client's preference, brotli before gzip on a tie; null for none. */
export const pageEncodingFor = (header: string | undefined): PageEncoding | null => {
  if (!header) return null;
  const known = remembered.get(header);
  if (known !== undefined) return known;
  const br = qualityOf(header, 'br');
  const gzip = qualityOf(header, 'gzip');
  const chosen = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : null;
  if (remembered.size < MAX_REMEMBERED) remembered.set(header, chosen);
  return chosen;
};

/** A page's plain bytes and the compressed ones made so far. */
export interface EncodableBody {
  body: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<PageEncoding, Uint8Array>>;
  /** Sent to one visitor only (not kept): compressed at the fastest setting. */
  once?: boolean;
}

/** The page's bytes in `encoding`, compressed on first use and kept with the page. */
export const encodedBody = (page: EncodableBody, encoding: PageEncoding): Uint8Array =>
  (page.encoded[encoding] ??= compress[encoding](page.body, page.once === true));
