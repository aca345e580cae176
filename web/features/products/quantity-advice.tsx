import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adviceText } from '../../lib/messages.ts';
import { adviceNote } from '#domain/catalog/quantity-advice-note.ts';
import { suggestQuantity } from '#domain/catalog/quantity-advice.ts';
import { quantityAdviceQuery } from './api.ts';
import type { ProductDto } from '#http/dto.ts';
import { Button } from '../../components/ui/button.tsx';
import { listUnitPriceOf, UnitPrice } from '../../components/catalog/your-price.tsx';
import { countOf } from '#domain/catalog/units.ts';

/** Typing pauses this long before the server is asked. */
const DEBOUNCE_MS = 250;

const wholeNumber = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The server's advice on the quantity being typed (docs/catalogue.md, "Quantity advice"), as the one
 * sentence the domain words it in, and the nearest quantity that fixes it or saves money as a
 * one-click choice. Nothing is shown until the box holds a whole number.
 */
export function QuantityAdvice({ product, quantity, onChoose }: { product: ProductDto; quantity: string; onChoose: (quantity: number) => void }) {
  const typed = wholeNumber(quantity);
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const advice = useQuery({
    ...quantityAdviceQuery(product.id, settled ?? 0),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
  const current = typed !== null && advice.data ? advice.data : null;
  const note = current && adviceNote(current, product);
  const sentence = note && adviceText(note);
  const suggestion = current ? suggestQuantity(current, product) : null;
  return (
    <div aria-live="polite" className="min-h-6 text-sm">
      {sentence ? (
        <p className={current?.valid ? 'text-emerald-800' : 'text-amber-900'}>
          {sentence}
          {suggestion && suggestion.quantity !== typed ? (
            // Pressed with the pointer, the box keeps the focus: leaving it would show the box's own
            // check above this button and move it from under the pointer before the click lands.
            <Button type="button" variant="secondary" className="ml-2 px-2 py-0.5 text-xs" onMouseDown={(event) => event.preventDefault()} onClick={() => onChoose(suggestion.quantity)}>
              Order {countOf(suggestion.quantity, product.unit)}
            </Button>
          ) : null}
        </p>
      ) : null}
      {current && listUnitPriceOf(current) !== null ? (
        // A member's advice is priced for them (docs/catalogue.md, "Quantity advice"): say so.
        <p className="text-slate-900">
          At this quantity: <UnitPrice unitPriceCents={current.unitPriceCents} listUnitPriceCents={listUnitPriceOf(current)} unit={product.unit} />
        </p>
      ) : null}
    </div>
  );
}
