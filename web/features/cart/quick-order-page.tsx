import { useNavigate } from '@tanstack/react-router';
import { useState, type DragEvent } from 'react';
import { countOf } from '#domain/catalog/units.ts';
import type { ResolvedRowDto } from '#http/dto.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useCart } from '../../lib/cart-view.ts';
import { RowFixes, RowWords, StatusBadge } from './resolved-row.tsx';
import { TypedRows } from './typed-rows.tsx';
import { useResolvePastedList } from './api.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';

/** The text with pasted line `line` (1-based) replaced, and the lines merged into it removed. */
export const rewriteLine = (text: string, row: ResolvedRowDto, replacement: string): string => {
  const lines = text.split(/\r\n|\r|\n/);
  const dropped = new Set(row.mergedLines);
  return lines
    .map((original, index) => (index + 1 === row.line ? replacement : original))
    .filter((_, index) => !dropped.has(index + 1))
    .join('\n');
};

/**
 * `/quickOrder` (docs/orders.md, "Orders, cart, quick order"): type rows (a SKU with typeahead and a
 * quantity, `typed-rows.tsx`), or paste rows from a spreadsheet or a bill of materials (or drop a
 * CSV file); see each row's status, fix rows in one click, and put the good ones in the cart. The
 * server reads both as a list (`POST /api/cart/resolve`); a fix to a pasted row rewrites that row
 * of the text and reads it again, so the text stays the one thing the buyer edits.
 */
export function QuickOrderPage() {
  usePageMeta('Quick order', 'Type or paste part numbers and quantities from a spreadsheet and order them in one go.');
  const [rows, setRows] = useState<ResolvedRowDto[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cart = useCart();
  const navigate = useNavigate();
  const resolve = useResolvePastedList({
    onSuccess: (answer) => {
      setRows(answer.rows);
      setProblem(null);
    },
    onError: (error) => {
      const refusal = refusalOf(error);
      setRows(null);
      setProblem(refusal.fields.text ?? refusal.message);
    },
  });
  const form = useAppForm({
    defaultValues: { text: '' },
    onSubmit: ({ value }) => resolve.mutate(value.text),
  });
  // A file or a one-click fix replaces the text, which is then read at once.
  const check = (list: string) => {
    form.setFieldValue('text', list);
    resolve.mutate(list);
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    check(await file.text());
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    void readFile(file);
  };
  const ready = (rows ?? []).filter((row) => row.status === 'ok' && row.productId !== null && row.quantity !== null);
  const addToCart = async () => {
    try {
      await cart.add(ready.map((row) => ({ productId: row.productId!, quantity: row.quantity! })));
      notify.success(`${ready.length} line${ready.length === 1 ? '' : 's'} added to the cart`);
      await navigate({ to: '/cart' });
    } catch (error) {
      notify.error(refusalOf(error).message);
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Quick order</h1>
        <p className="text-slate-700">Paste a whole list from a spreadsheet, or type part numbers with their quantities.</p>
      </div>
      <section aria-labelledby="quick-order-paste" className="space-y-3">
        <h2 id="quick-order-paste" className="text-lg font-semibold text-slate-900">
          Paste a list
        </h2>
        <p className="text-slate-700">
          One row per line: a SKU, then a quantity, separated by a tab, a comma, a semicolon or spaces. Paste straight from a spreadsheet; a header row is fine.
        </p>
        <form
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
          aria-label="Paste a list"
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <label htmlFor="quick-order-text" className="block font-medium text-slate-900">
            SKUs and quantities
          </label>
          <form.Field name="text">
            {(field) => (
              <textarea
                id="quick-order-text"
                rows={8}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onDrop={onDrop}
                placeholder={'M8-NUT-A2\t500\nM8-BOLT-40, 1000'}
                aria-describedby={problem ? 'quick-order-problem' : undefined}
                aria-invalid={problem ? true : undefined}
                className="w-full rounded-md border border-slate-300 p-3 font-mono text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
              />
            )}
          </form.Field>
          {problem ? (
            <p id="quick-order-problem" role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={resolve.isPending} aria-busy={resolve.isPending}>
              Check list
            </Button>
            <label className="cursor-pointer text-sm font-semibold text-amber-800 underline focus-within:ring-2 focus-within:ring-amber-500">
              Or choose a CSV file
              <input type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" className="sr-only" onChange={(event) => void readFile(event.target.files?.[0])} />
            </label>
          </div>
        </form>

        {rows ? (
          <section aria-label="Pasted rows" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="text-lg font-semibold text-slate-900" aria-live="polite">
                {ready.length} of {rows.length} row{rows.length === 1 ? '' : 's'} ready
              </h3>
              <Button disabled={ready.length === 0 || cart.saving || (cart.view === null && cart.signedIn)} onClick={() => void addToCart()}>
                Add {ready.length} to cart
              </Button>
            </div>
            <ol className="space-y-2">
              {rows.map((row) => (
                <li key={row.line} className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[3rem_9rem_1fr_auto] sm:items-center">
                  <span className="text-sm text-slate-600">Line {row.line}</span>
                  <StatusBadge status={row.status} />
                  <div className="min-w-0 text-sm">
                    <p className="font-mono break-all text-slate-900">
                      {row.sku ?? row.input}
                      {row.quantity !== null ? ` × ${row.quantity.toLocaleString('en-US')}` : ''}
                    </p>
                    {row.quantity !== null && row.unit !== null && row.productId !== null ? <p className="text-slate-700">{countOf(row.quantity, row.unit)}</p> : null}
                    <RowWords row={row} />
                  </div>
                  <RowFixes row={row} name={`Line ${row.line}`} onFix={({ sku, quantity }) => check(rewriteLine(form.getFieldValue('text'), row, `${sku}\t${quantity}`))} />
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </section>
      {/* Typing comes second: on a phone five empty rows above the paste box hid the quickest way in. */}
      <section aria-labelledby="quick-order-typed" className="space-y-3">
        <h2 id="quick-order-typed" className="text-lg font-semibold text-slate-900">
          Type rows
        </h2>
        <TypedRows />
      </section>
    </div>
  );
}
