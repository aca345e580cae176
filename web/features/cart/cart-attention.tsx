import type { Ref } from 'react';
import { countOf } from '#domain/catalog/units.ts';
import type { CartLineDto } from '#http/dto.ts';
import { labels } from '../../lib/labels.ts';
import type { CartLineInput } from '../../lib/cart.ts';
import { Button } from '../../components/ui/button.tsx';

/** A line that cannot be ordered as it stands: what is wrong, and the one-click fix when one exists. */
export interface LineAttention {
  index: number;
  line: CartLineDto;
  message: string;
  /** A quantity that can be ordered (the line's own suggestion), or null when only removing helps. */
  fix: { quantity: number; label: string } | null;
}

const fixLabel = (reason: NonNullable<CartLineDto['suggestion']>['reason']): string | null => (reason === 'stock' ? labels.setToAvailable : reason === 'minimum' ? labels.setToMinimum : reason === 'pack' ? labels.roundToPacks : null);

/**
 * The lines to fix before ordering: every line whose advice says it cannot be ordered, and every
 * line the server named when it refused the order (its stock may have moved since the cart was
 * read). The server's words come first: they are the newer news.
 */
export const linesNeedingAttention = (lines: readonly CartLineDto[], refused: ReadonlyMap<number, string>): LineAttention[] =>
  lines.flatMap((line, index) => {
    const message = refused.get(index) ?? (line.advice.valid ? null : line.message);
    if (message === null) return [];
    const label = line.suggestion ? fixLabel(line.suggestion.reason) : null;
    return [
      {
        index,
        line,
        message,
        fix: label && line.suggestion ? { quantity: line.suggestion.quantity, label } : null,
      },
    ];
  });

/** The lines to save after fixing `which`: fixed ones take their quantity, the rest stay as they are. */
export const withFixes = (lines: readonly CartLineDto[], fixes: ReadonlyMap<number, number | 'remove'>): CartLineInput[] =>
  lines.flatMap((line, index) => {
    const fix = fixes.get(index);
    if (fix === 'remove') return [];
    return [{ productId: line.productId, quantity: fix ?? line.quantity }];
  });

interface Props {
  attention: readonly LineAttention[];
  /** The server's refusal in one sentence, when the order was refused. */
  refusal: string | null;
  saving: boolean;
  onFix: (fixes: ReadonlyMap<number, number | 'remove'>) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The top of the cart (docs/orders.md, "Orders, cart, quick order"): how many lines stop the
 * order, each with its problem and its fix, and fixes for all of them at once. It is a live
 * region that is always there, so a line going short (or being fixed) is announced; its heading
 * takes focus when the server refuses an order.
 */
export function CartAttention({ attention, refusal, saving, onFix, headingRef }: Props) {
  const fixable = attention.filter((entry) => entry.fix !== null);
  return (
    <div role="status" aria-live="polite">
      {attention.length > 0 ? (
        <section aria-labelledby="cart-attention-heading" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4">
          <h2 id="cart-attention-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-red-900 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">
            {labels.linesNeedAttention(attention.length)}
          </h2>
          {refusal ? <p className="text-sm text-red-900">{refusal}</p> : null}
          <ul className="space-y-2">
            {attention.map(({ index, line, message, fix }) => (
              <li key={line.productId} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-900">
                <span className="min-w-0 flex-1 basis-60">
                  <span className="font-semibold">
                    Line {index + 1}, {line.name}:
                  </span>{' '}
                  {message}
                </span>
                {fix ? (
                  <Button variant="secondary" className="text-sm" aria-label={`${fix.label} (${countOf(fix.quantity, line.unit)}): ${line.name}`} disabled={saving} onClick={() => onFix(new Map([[index, fix.quantity]]))}>
                    {fix.label} ({countOf(fix.quantity, line.unit)})
                  </Button>
                ) : null}
                <Button variant="ghost" className="text-sm underline" aria-label={`Remove ${line.name}`} disabled={saving} onClick={() => onFix(new Map([[index, 'remove']]))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {attention.length > 1 ? (
            <div className="flex flex-wrap gap-2 border-t border-red-200 pt-3">
              {fixable.length > 0 ? (
                <Button variant="primary" className="text-sm" disabled={saving} onClick={() => onFix(new Map(fixable.map((entry) => [entry.index, entry.fix!.quantity])))}>
                  {labels.setAllToAvailable}
                </Button>
              ) : null}
              <Button variant="secondary" className="text-sm" disabled={saving} onClick={() => onFix(new Map(attention.map((entry) => [entry.index, 'remove' as const])))}>
                {labels.removeLinesNeedingAttention(attention.length)}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
