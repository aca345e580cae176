import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { buyerTermsOf } from '#domain/companies/buyer-terms.ts';
import { authenticate } from '#domain/identity/authenticate.ts';
import { yourPriceOf, type CompanyPriceTerms, type PricedTerms } from '#domain/companies/company-prices.ts';
import { matchesIfNoneMatch, requestKey, REVALIDATE, type CachedJson } from './middleware/cached-json.ts';
import type { CachedBody } from './response-cache.ts';
import { optionalUser } from './middleware/session.ts';
import type { AppEnv, AppPorts } from './ports.ts';

/**
 * A company member's catalogue reads (docs/catalogue.md, "Your price"; docs/companies.md, "Company
 * prices"). Anonymous reads keep the one shared cache; a member's read takes that same anonymous
 * answer (a cache hit, or computed and stored for everyone as before) and adds `yourPrice` to each
 * product in it (and to each typeahead suggestion): no query beyond the member's terms. The priced answer is kept per anonymous page
 * and company terms (PRICED_ANSWERS), so a company's members reading the same page share one
 * serialisation. The answer gets its own entity tag (the anonymous one, the company, its discount
 * and its price version), so a member's browser revalidates as a visitor's does.
 */

type PricedProduct = PricedTerms & { id: string };

/** The anonymous bodies last priced, parsed once each, by entity tag (the same tag is the same bytes). */
const PARSED_BODIES = 256;
/**
 * Members' priced answers kept, by the anonymous answer's entity tag and the company's terms: a
 * few pages for each of the companies reading at the moment. Least recently used forgotten first.
 */
export const PRICED_ANSWERS = 1_024;

/** The part of a member's entity tag (and of the priced-answer key) that names their terms. */
const termsTag = (terms: CompanyPriceTerms): string => `${terms.companyId}.${terms.discountPercent}.${terms.pricesVersion ?? 0}`;

export interface MemberPrices {
  /** The caller's company terms, or null for a visitor or a user without a company (asked once a request). */
  termsOf(c: Context<AppEnv>): Promise<CompanyPriceTerms | null>;
  /** In place of `cached.lookup` on a catalogue page (`{items: Product[]}`). */
  page: MiddlewareHandler<AppEnv>;
  /** In place of `cached.lookup` on one product. */
  product: MiddlewareHandler<AppEnv>;
  /** In place of `cached.lookup` on the typeahead's suggestions (`[{id, priceCents, ...}]`). */
  suggestions: MiddlewareHandler<AppEnv>;
  /** In place of `cached.lookup` on an answer computed per buyer (quantity advice): a member's skips the shared cache. */
  unlessMember: MiddlewareHandler<AppEnv>;
  /**
   * For the front door (cached-reads.ts): the answer to the holder of session `token` for a cached
   * anonymous `page` or `product`: the member's priced one, or the anonymous one itself for a
   * visitor, a user without a company or a session that no longer holds (as `optionalUser` answers).
   */
  answerFor(token: string, anonymous: CachedBody, kind: MemberRead): Promise<CachedBody>;
}

/** The catalogue reads a member's prices are added to. */
export type MemberRead = 'page' | 'product' | 'suggestions';

const utf8 = new TextDecoder();

type AddPrices = (value: unknown, terms: CompanyPriceTerms) => unknown;
const withYourPrice = (product: PricedProduct, memberTerms: CompanyPriceTerms) => ({ ...product, yourPrice: yourPriceOf(product, memberTerms) });
const ADD_PRICES: Record<MemberRead, AddPrices> = {
  page: (value, memberTerms) => {
    const page = value as { items: PricedProduct[] };
    return { ...page, items: page.items.map((product) => withYourPrice(product, memberTerms)) };
  },
  product: (value, memberTerms) => withYourPrice(value as PricedProduct, memberTerms),
  // A suggestion shows its regular price only, without tiers: the member's is that price through
  // their terms (docs/catalogue.md, "Your price").
  suggestions: (value, memberTerms) =>
    (value as { id: string; priceCents: number }[]).map((suggestion) => ({
      ...suggestion,
      yourPrice: { unitPriceCents: yourPriceOf({ ...suggestion, priceTiers: [] }, memberTerms).unitPriceCents },
    })),
};

export function memberPrices(ports: AppPorts, cached: CachedJson): MemberPrices {
  // A cached catalogue answer is always an object or an array, never JSON's null.
  const parsed = new LRUCache<string, object>({ max: PARSED_BODIES });
  const parse = (anonymous: CachedBody): unknown => {
    const known = parsed.get(anonymous.etag);
    if (known !== undefined) return known;
    const value = JSON.parse(utf8.decode(anonymous.body)) as object;
    parsed.set(anonymous.etag, value);
    return value;
  };
  // Keyed by what decides every byte of the answer: the anonymous page (its tag is its bytes', so a
  // catalogue change on any instance is a new key) and the company's terms as just read from the
  // store (a discount or price change moves them, on every instance), so nothing is ever invalidated
  // by hand and a stale entry can only go unused until it is forgotten.
  const priced = new LRUCache<string, CachedBody>({ max: PRICED_ANSWERS });

  const terms = new WeakMap<Request, Promise<CompanyPriceTerms | null>>();
  const termsOf = (c: Context<AppEnv>): Promise<CompanyPriceTerms | null> => {
    let found = terms.get(c.req.raw);
    if (!found) {
      found = optionalUser(ports, c).then((user) => buyerTermsOf(ports, user?.id ?? null));
      terms.set(c.req.raw, found);
    }
    return found;
  };

  /** The anonymous answer as the shared cache holds it under the current catalogue version, or undefined. */
  const anonymousHit = (c: Context<AppEnv>): CachedBody | undefined => {
    try {
      return cached.peek(requestKey(c.req.url));
    } catch {
      return undefined; // the version check failed: the lookup below answers (or reports) it
    }
  };
  const anonymousComputed = async (response: Response): Promise<CachedBody> => {
    const etag = response.headers.get('etag') ?? '""';
    return { etag, body: new Uint8Array(await response.arrayBuffer()) };
  };

  const pricedFor = (anonymous: CachedBody, memberTerms: CompanyPriceTerms, addPrices: AddPrices): CachedBody => {
    const key = `${anonymous.etag}.${termsTag(memberTerms)}`;
    let answer = priced.get(key);
    if (!answer) {
      const body = new TextEncoder().encode(JSON.stringify(addPrices(parse(anonymous), memberTerms)));
      answer = { body, etag: `"${anonymous.etag.slice(1, -1)}.${termsTag(memberTerms)}"` };
      priced.set(key, answer);
    }
    return answer;
  };

  const pricedHandler =
    (addPrices: AddPrices): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const memberTerms = await termsOf(c);
      if (!memberTerms) return cached.lookup(c, next);
      let anonymous = anonymousHit(c);
      let headers: Headers;
      if (anonymous) {
        headers = new Headers({ 'content-type': 'application/json', 'cache-control': REVALIDATE });
      } else {
        // A miss: the route computes the anonymous page (and keeps it for everyone) as before.
        c.set('fullAnswer', true);
        const response = (await cached.lookup(c, next)) ?? c.res;
        if (response.status !== 200) return response;
        anonymous = await anonymousComputed(response);
        headers = new Headers(response.headers);
        headers.delete('content-length');
      }
      const answer = pricedFor(anonymous, memberTerms, addPrices);
      headers.set('etag', answer.etag);
      const response = matchesIfNoneMatch(c.req.header('if-none-match'), answer.etag) ? new Response(null, { status: 304, headers }) : new Response(answer.body, { status: 200, headers });
      // Unset first: Hono copies the old response's headers (its length, its tag) onto a new one.
      c.res = undefined;
      c.res = response;
      return response;
    };

  return {
    termsOf,
    page: pricedHandler(ADD_PRICES.page),
    product: pricedHandler(ADD_PRICES.product),
    suggestions: pricedHandler(ADD_PRICES.suggestions),
    unlessMember: async (c, next) => ((await termsOf(c)) ? next() : cached.lookup(c, next)),
    async answerFor(token, anonymous, kind) {
      const user = await authenticate(ports, token);
      const memberTerms = await buyerTermsOf(ports, user?.id ?? null);
      return memberTerms ? pricedFor(anonymous, memberTerms, ADD_PRICES[kind]) : anonymous;
    },
  };
}
