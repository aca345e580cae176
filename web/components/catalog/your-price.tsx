/**
 * A company member's price beside the list price (docs/companies.md, "Company prices"): where
 * the server priced a line or an advice for the member it adds `listUnitPriceCents` beside
 * `unitPriceCents` when they differ; the member's is marked "Your price" and the list price is
 * shown struck beside it. Without it (everyone else) nothing is added.
 */
import { priceOf } from '#domain/catalog/units.ts';
import { formatCents } from '../../lib/format.ts';

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
