import { Link } from '@tanstack/react-router';
import { countOf } from '#domain/catalog/units.ts';
import type { ResolvedRowDto } from '#http/dto.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * How quick order shows a row the server resolved (docs/orders.md, "Orders, cart, quick order"), the
 * same for a pasted line and a typed row: its status, product, sentence, merge note and one-click
 * fixes.
 */

const STATUS_TEXT: Record<ResolvedRowDto['status'], string> = {
  ok: 'Ready',
  'unknown-sku': 'Unknown SKU',
  'below-minimum': 'Below minimum',
  'not-a-pack-multiple': 'Not whole packs',
  'above-stock': 'Above stock',
  duplicate: 'Merged',
  unreadable: 'Unreadable',
};
const STATUS_CLASS: Record<ResolvedRowDto['status'], string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  duplicate: 'bg-slate-100 text-slate-800',
  'unknown-sku': 'bg-red-100 text-red-900',
  unreadable: 'bg-red-100 text-red-900',
  'below-minimum': 'bg-amber-100 text-amber-900',
  'not-a-pack-multiple': 'bg-amber-100 text-amber-900',
  'above-stock': 'bg-amber-100 text-amber-900',
};

export function StatusBadge({ status }: { status: ResolvedRowDto['status'] }) {
  return <span className={`w-fit shrink-0 rounded px-2 py-0.5 text-sm font-semibold ${STATUS_CLASS[status]}`}>{STATUS_TEXT[status]}</span>;
}

/** The product's name as a link, the server's sentence and the merge note (`note` words it otherwise, e.g. by row rather than line). */
export function RowWords({ row, note = row.note }: { row: ResolvedRowDto; note?: string | null }) {
  return (
    <>
      {row.name && row.productId ? (
        <Link to="/product/$productId" params={{ productId: row.productId }} className="text-slate-800 underline">
          {row.name}
        </Link>
      ) : null}
      {row.message ? <p className="text-slate-700">{row.message}</p> : null}
      {note ? <p className="text-slate-600">{note}</p> : null}
    </>
  );
}

/** A fix: the row's SKU and quantity as they should be. */
export interface RowFix {
  sku: string;
  quantity: number;
}

/** The row's one-click fixes: the suggested quantity, then each did-you-mean SKU. `name` starts their labels ("Line 3", "Row 2"). */
export function RowFixes({ row, name, onFix, disabled }: { row: ResolvedRowDto; name: string; onFix: (fix: RowFix) => void; disabled?: boolean }) {
  const quantity = row.quantity ?? 0;
  const { suggestion, sku } = row;
  if (!(suggestion && sku) && row.didYouMean.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {suggestion && sku ? (
        <Button
          variant="secondary"
          className="text-sm"
          disabled={disabled}
          aria-label={`${name}: use ${countOf(suggestion.quantity, row.unit ?? 'piece')}`}
          onClick={() => onFix({ sku, quantity: suggestion.quantity })}
        >
          Use {countOf(suggestion.quantity, row.unit ?? 'piece')}
        </Button>
      ) : null}
      {row.didYouMean.map((known) => (
        <Button key={known} variant="secondary" className="font-mono text-sm" disabled={disabled} aria-label={`${name}: did you mean ${known}?`} onClick={() => onFix({ sku: known, quantity })}>
          {known}?
        </Button>
      ))}
    </div>
  );
}
