/**
 * A company member's price beside the list price (docs/companies.md, "Company prices"): where
 * the server priced a line or an advice for the member it adds `listUnitPriceCents` beside
 * `unitPriceCents` when they differ; the member's is marked "Your price" and the list price is
 * shown struck beside it. Without it (everyone else) nothing is added.
 */
import { priceOf } from '#domain/catalog/units.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProductDto } from '#http/dto.ts';
import { formatCents } from '../../lib/format.ts';
import { keyRoots } from '../../lib/queries.ts';
import { RENDERING_ON_SERVER, useHydrated, useSession } from '../../lib/session.ts';
import type { MemberProductDto, YourPriceDto } from '../company/types.ts';

/** The list price a member-priced answer carries beside its own, when it differs. */
export const listUnitPriceOf = (priced: object): number | null => {
  const list = (priced as { listUnitPriceCents?: unknown }).listUnitPriceCents;
  return typeof list === 'number' ? list : null;
};

export function UnitPrice({ unitPriceCents, listUnitPriceCents, unit }: { unitPriceCents: number; listUnitPriceCents: number | null; unit: string }) {
  if (listUnitPriceCents === null || listUnitPriceCents === unitPriceCents) return <>{priceOf(unitPriceCents, unit)}</>;
  return (
    <>
      <span className="mr-1 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-900">Your price</span>
      {priceOf(unitPriceCents, unit)}{' '}
      <span className="text-slate-600">
        <span className="sr-only">List price </span>
        <s>{formatCents(listUnitPriceCents)}</s>
      </span>
    </>
  );
}

/**
 * A member's price of a product (docs/catalogue.md, "Your price"), or null. Public pages are the
 * same HTML for everyone, so the server and the hydrating render show the list price only and the
 * member's price fills in right after, in the place `MemberPriceLine` keeps for it
 * (docs/storefront.md, "How a page is served").
 */
const useYourPriceInBrowser = (product: ProductDto): YourPriceDto | null => {
  const hydrated = useHydrated();
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? null;
  useEffect(() => {
    // The catalogue a server rendered, or one read before signing in, was read as a visitor: read it
    // once more as this user, so a member's answers carry their prices.
    const done = readAs.get(queryClient) ?? new Set<string>();
    readAs.set(queryClient, done);
    if (userId === null || session?.user.role === 'admin' || done.has(userId)) return;
    done.add(userId);
    void queryClient.invalidateQueries({ queryKey: [keyRoots.products] });
  }, [userId, session, queryClient]);
  const yourPrice = (product as MemberProductDto).yourPrice;
  // Signed out in this tab, a member's answers still in the cache are no longer anyone's price.
  return hydrated && userId !== null && yourPrice ? yourPrice : null;
};

/** On the server the session is unknown (lib/session.ts): no member's price, and nothing to read again. */
const noPriceOnServer = (): YourPriceDto | null => null;

/** A member's price of a product, or null (above). */
export const useYourPrice: (product: ProductDto) => YourPriceDto | null = RENDERING_ON_SERVER ? noPriceOnServer : useYourPriceInBrowser;

/** Per query cache (one a browser tab), the users whose catalogue was read again as them (once each). */
const readAs = new WeakMap<QueryClient, Set<string>>();

/** The product's terms as this member pays them: their price and tiers, or the list's. */
export const termsFor = (product: ProductDto, yourPrice: YourPriceDto | null): ProductDto =>
  yourPrice ? { ...product, priceCents: yourPrice.unitPriceCents, priceTiers: yourPrice.tiers } : product;

/**
 * The line a member's price fills: kept at one line's height only where the browser may be signed
 * in (the `.member-price-line` rule in styles.css, lib/signed-in-hint.ts), so the price arriving
 * after hydration moves nothing below it and a visitor's page keeps no empty line.
 */
export function MemberPriceLine({ yourPriceCents, unit, className = '' }: { yourPriceCents: number | null; unit: string; className?: string }) {
  return (
    <span className={`member-price-line block ${className}`}>
      {yourPriceCents === null ? null : (
        <>
          <span className="mr-1 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-900">Your price</span>
          <span className="font-semibold text-emerald-900">{priceOf(yourPriceCents, unit)}</span>
        </>
      )}
    </span>
  );
}

/**
 * A list price a member's price replaces: struck, named for screen readers, and small and plain
 * (its parts too) so the member's price beside it reads first.
 */
export function ListPrice({ struck, children }: { struck: boolean; children: React.ReactNode }) {
  if (!struck) return <>{children}</>;
  return (
    <>
      <span className="sr-only">List price: </span>
      <s className="text-sm font-normal text-slate-600 [&_*]:[color:inherit] [&_*]:[font:inherit]">{children}</s>
    </>
  );
}
