import type { Context, MiddlewareHandler } from 'hono';
import { buyerTermsOf } from '#domain/companies/buyer-terms.ts';
import { yourPriceOf, type CompanyPriceTerms, type PricedTerms } from '#domain/companies/company-prices.ts';
import { matchesIfNoneMatch, type CachedJson } from './middleware/cached-json.ts';
import { optionalUser } from './middleware/session.ts';
import type { AppEnv, AppPorts } from './ports.ts';

/**
 * A company member's catalogue reads (docs/catalogue.md, "Your price"; docs/companies.md, "Company
 * prices"). Anonymous reads keep the one shared cache; a member's read takes that same anonymous
 * answer (a cache hit, or computed and stored for everyone as before) and adds `yourPrice` to each
 * product in it: no query beyond the member's terms, and no cache per company. The answer gets its
 * own entity tag (the anonymous one, the company, its discount and its price version), so a
 * member's browser revalidates as a visitor's does.
 */

type PricedProduct = PricedTerms & { id: string };

/** The anonymous bodies last priced, parsed once each, by entity tag (the same tag is the same bytes). */
const PARSED_BODIES = 256;

export interface MemberPrices {
  /** The caller's company terms, or null for a visitor or a user without a company (asked once a request). */
  termsOf(c: Context<AppEnv>): Promise<CompanyPriceTerms | null>;
  /** In place of `cached.lookup` on a catalogue page (`{items: Product[]}`). */
  page: MiddlewareHandler<AppEnv>;
  /** In place of `cached.lookup` on one product. */
  product: MiddlewareHandler<AppEnv>;
  /** In place of `cached.lookup` on an answer computed per buyer (quantity advice): a member's skips the shared cache. */
  unlessMember: MiddlewareHandler<AppEnv>;
}

export function memberPrices(ports: AppPorts, cached: CachedJson): MemberPrices {
  const parsed = new Map<string, unknown>();
  const parse = async (response: Response): Promise<unknown> => {
    const etag = response.headers.get('etag');
    const known = etag === null ? undefined : parsed.get(etag);
    if (known !== undefined) return known;
    const value: unknown = JSON.parse(await response.text());
    if (etag !== null) {
      parsed.set(etag, value);
      if (parsed.size > PARSED_BODIES) parsed.delete(parsed.keys().next().value!);
    }
    return value;
  };

  const terms = new WeakMap<Request, Promise<CompanyPriceTerms | null>>();
  const termsOf = (c: Context<AppEnv>): Promise<CompanyPriceTerms | null> => {
    let found = terms.get(c.req.raw);
    if (!found) {
      found = optionalUser(ports, c).then((user) => buyerTermsOf(ports, user?.id ?? null));
      terms.set(c.req.raw, found);
    }
    return found;
  };

  const priced =
    (addPrices: (value: unknown, terms: CompanyPriceTerms) => unknown): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const memberTerms = await termsOf(c);
      if (!memberTerms) return cached.lookup(c, next);
      c.set('fullAnswer', true);
      const anonymous = (await cached.lookup(c, next)) ?? c.res;
      if (anonymous.status !== 200) return anonymous;
      const body = JSON.stringify(addPrices(await parse(anonymous), memberTerms));
      const headers = new Headers(anonymous.headers);
      headers.delete('content-length');
      const inner = (anonymous.headers.get('etag') ?? '""').slice(1, -1);
      const etag = `"${inner}.${memberTerms.companyId}.${memberTerms.discountPercent}.${memberTerms.pricesVersion ?? 0}"`;
      headers.set('etag', etag);
      const answer = matchesIfNoneMatch(c.req.header('if-none-match'), etag) ? new Response(null, { status: 304, headers }) : new Response(body, { status: 200, headers });
      // Unset first: Hono copies the old response's headers (its length, its tag) onto a new one.
      c.res = undefined;
      c.res = answer;
      return answer;
    };

  const withYourPrice = (product: PricedProduct, memberTerms: CompanyPriceTerms) => ({ ...product, yourPrice: yourPriceOf(product, memberTerms) });

  return {
    termsOf,
    page: priced((value, memberTerms) => {
      const page = value as { items: PricedProduct[] };
      return { ...page, items: page.items.map((product) => withYourPrice(product, memberTerms)) };
    }),
    product: priced((value, memberTerms) => withYourPrice(value as PricedProduct, memberTerms)),
    unlessMember: async (c, next) => ((await termsOf(c)) ? next() : cached.lookup(c, next)),
  };
}
