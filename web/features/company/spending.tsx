import { formatCents } from '../../lib/format.ts';

/**
 * A member's spending this month against their limit: a bar when there is a limit (a meter,
 * read as "spent of limit"), the figure alone when there is none.
 */
export function Spending({ spentCents, limitCents, label }: { spentCents: number; limitCents: number | null; label: string }) {
  if (limitCents === null) {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatCents(spentCents)}</span> spent this month · no limit
      </p>
    );
  }
  const share = limitCents === 0 ? 1 : Math.min(1, spentCents / limitCents);
  const over = spentCents > limitCents;
  return (
    <div className="min-w-40">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatCents(spentCents)}</span> of {formatCents(limitCents)} this month
      </p>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limitCents}
        aria-valuenow={Math.min(spentCents, limitCents)}
        aria-valuetext={`${formatCents(spentCents)} of ${formatCents(limitCents)}`}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${over || share >= 0.9 ? 'bg-red-600' : 'bg-amber-500'}`} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
