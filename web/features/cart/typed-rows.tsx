import { useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ProductSuggestionDto, ResolvedRowDto } from '#http/dto.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { productQuery } from '../../lib/queries.ts';
import { ProductCombobox } from '../../components/catalog/product-combobox.tsx';
import { useCart } from '../../lib/cart-view.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { RowFixes, RowWords, StatusBadge, type RowFix } from './resolved-row.tsx';
import { typedRowsQuery } from './api.ts';

/** Empty rows the grid starts with. */
const FIRST_ROWS = 5;
/** A cart holds at most 100 lines (docs/orders.md, "Orders, cart, quick order"). */
const MAX_ROWS = 100;
/**
 * The typed rows go to `POST /api/cart/resolve` as a pasted list under this header, so the first
 * row is never taken for one, and typed row `i` (from 0) is pasted line `i + 2`.
 */
const HEADER = 'SKU\tQuantity';
const lineNumber = (index: number) => index + 2;
/** Typed row number (from 1) of pasted line `line`. */
const rowNumber = (line: number) => line - 1;

/** The server's merge note, by typed row rather than by pasted line. */
const mergeNote = (row: ResolvedRowDto): string | null => {
  if (row.mergedInto !== null) return `Same SKU as row ${rowNumber(row.mergedInto)}: added to that row`;
  if (row.mergedLines.length === 0) return null;
  const rows = row.mergedLines.map(rowNumber);
  return `Includes the quantity of row${rows.length === 1 ? '' : 's'} ${rows.join(', ')} (same SKU)`;
};

interface TypedRow {
  key: number;
  sku: string;
  quantity: string;
  /** A product was picked and its minimum is on its way into the empty quantity. */
  loadingMinimum: boolean;
}

const emptyRow = (key: number): TypedRow => ({ key, sku: '', quantity: '', loadingMinimum: false });
/** A cell as one cell of a pasted line: no tab or line break inside. */
const cell = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();
const lineOf = (row: TypedRow) => {
  const sku = cell(row.sku);
  const quantity = cell(row.quantity);
  return sku || quantity ? `${sku}\t${quantity}` : '';
};
/** The typed rows as the pasted list the server reads (an empty row is a blank line). */
const listOf = (rows: readonly TypedRow[]) => [HEADER, ...rows.map(lineOf)].join('\n');
const anyFilled = (rows: readonly TypedRow[]) => rows.some((row) => lineOf(row) !== '');
const isReady = (row: ResolvedRowDto) => row.status === 'ok' && row.productId !== null && row.quantity !== null;

const SKU_PROBLEMS = new Set<ResolvedRowDto['status']>(['unknown-sku', 'unreadable']);
const QUANTITY_PROBLEMS = new Set<ResolvedRowDto['status']>(['below-minimum', 'not-a-pack-multiple', 'above-stock']);
const NOTHING_TYPED = 'Type a SKU and a quantity in at least one row';

type Cell = 'sku' | 'quantity';

/**
 * Quick order's typed rows (docs/orders.md, "Orders, cart, quick order"): a SKU with typeahead and a
 * quantity per row. Picking a product fills its SKU and, when the quantity is empty, its minimum.
 * The server's resolver reads the rows as a pasted list whenever the buyer leaves a row, picks,
 * fixes or removes one, so a typed row gets exactly the statuses, suggestions and fixes of a
 * pasted line. Enter in a quantity goes on to the next row's SKU (adding a row at the end).
 */
export function TypedRows() {
  const id = useId();
  const queryClient = useQueryClient();
  const cart = useCart();
  const navigate = useNavigate();
  const nextKey = useRef(FIRST_ROWS);
  const [rows, setRows] = useState<TypedRow[]>(() => Array.from({ length: FIRST_ROWS }, (_, key) => emptyRow(key)));
  // The rows as last set, for handlers that change them and go on with the result at once.
  const current = useRef(rows);
  const update = (change: (rows: TypedRow[]) => TypedRow[]): TypedRow[] => {
    const next = change(current.current);
    current.current = next;
    setRows(next);
    return next;
  };

  // The list last sent to the resolver; its answer stays on screen while a newer one loads.
  const [checking, setChecking] = useState<string | null>(null);
  const resolved = useQuery({ ...typedRowsQuery(checking ?? ''), enabled: checking !== null, placeholderData: keepPreviousData });
  const [nothingTyped, setNothingTyped] = useState(false);
  const [adding, setAdding] = useState(false);
  const check = (next: readonly TypedRow[]) => {
    const filled = anyFilled(next);
    setChecking(filled ? listOf(next) : null);
    if (filled) setNothingTyped(false);
  };

  const cells = useRef(new Map<string, HTMLInputElement>());
  const cellRef = (key: number, which: Cell) => (element: HTMLInputElement | null) => {
    if (element) cells.current.set(`${key}:${which}`, element);
    else cells.current.delete(`${key}:${which}`);
  };
  const addRowButton = useRef<HTMLButtonElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  // Focus for a cell the next render brings (a new row; a filled-in minimum to select). A layout
  // effect, so the minimum is selected in the same commit that shows it: a key pressed in between
  // would otherwise be typed after it instead of replacing it.
  const pendingFocus = useRef<{ key: number; which: Cell; select: boolean; onlyIfFocused: boolean } | null>(null);
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const element = cells.current.get(`${target.key}:${target.which}`);
    if (!element) return;
    pendingFocus.current = null;
    if (target.onlyIfFocused && document.activeElement !== element) return;
    element.focus();
    if (target.select) element.select();
  });
  const focusCell = (key: number, which: Cell) => {
    const element = cells.current.get(`${key}:${which}`);
    if (element) element.focus();
    else pendingFocus.current = { key, which, select: false, onlyIfFocused: false };
  };

  const answer = resolved.data ?? null;
  const text = listOf(rows);
  const fresh = answer !== null && answer.text === text;
  const answerLines = answer?.text.split('\n') ?? [];
  /** The server's reading of typed row `index`, while the row is as it was read. */
  const resolvedAt = (index: number): ResolvedRowDto | null => {
    const row = rows[index];
    if (!answer || !row || answerLines[index + 1] !== lineOf(row)) return null;
    return answer.rows.find((resolvedRow) => resolvedRow.line === lineNumber(index)) ?? null;
  };
  const ready = fresh ? answer.rows.filter(isReady) : [];
  const refusal = resolved.isError && checking !== null ? refusalOf(resolved.error) : null;
  const problem = nothingTyped ? NOTHING_TYPED : refusal ? (refusal.fields.text ?? refusal.message) : null;
  const checkingNow = resolved.isFetching;

  const setCell = (key: number, which: Cell, value: string) => update((all) => all.map((row) => (row.key === key ? { ...row, [which]: value } : row)));

  const pick = (key: number, product: ProductSuggestionDto) => {
    const row = current.current.find((candidate) => candidate.key === key);
    if (!row) return;
    const needsMinimum = cell(row.quantity) === '';
    const next = update((all) => all.map((candidate) => (candidate.key === key ? { ...candidate, sku: product.sku, loadingMinimum: needsMinimum } : candidate)));
    focusCell(key, 'quantity');
    if (!needsMinimum) return check(next);
    queryClient.fetchQuery(productQuery(product.id)).then(
      (full) => {
        const filled = update((all) =>
          all.map((candidate) =>
            candidate.key !== key ? candidate
            : cell(candidate.quantity) === '' && candidate.sku === product.sku ? { ...candidate, quantity: String(full.minOrderQuantity), loadingMinimum: false }
            : { ...candidate, loadingMinimum: false },
          ),
        );
        // Selected, so typing another quantity replaces the minimum.
        pendingFocus.current = { key, which: 'quantity', select: true, onlyIfFocused: true };
        check(filled);
      },
      () => {
        // No minimum to offer: the buyer types the quantity, and the resolver says what it needs.
        update((all) => all.map((candidate) => (candidate.key === key ? { ...candidate, loadingMinimum: false } : candidate)));
      },
    );
  };

  const addRow = (): TypedRow | null => {
    if (current.current.length >= MAX_ROWS) return null;
    const row = emptyRow(nextKey.current++);
    update((all) => [...all, row]);
    return row;
  };

  const nextRow = (index: number) => {
    const following = current.current[index + 1] ?? addRow();
    check(current.current);
    if (following) focusCell(following.key, 'sku');
  };

  const remove = (index: number) => {
    const removed = current.current[index];
    if (!removed) return;
    const next = update((all) => all.filter((row) => row.key !== removed.key));
    const target = next[index] ?? next[index - 1];
    if (target) focusCell(target.key, 'sku');
    else addRowButton.current?.focus();
    check(next);
  };

  const fix = (index: number, resolvedRow: ResolvedRowDto, { sku, quantity }: RowFix) => {
    const key = current.current[index]?.key;
    // The suggestion is for the rows merged into this one together: they go, as in a pasted list.
    const merged = new Set(resolvedRow.mergedLines);
    const next = update((all) =>
      all.map((row, position) => (position === index ? { ...row, sku, quantity: String(quantity) } : row)).filter((_, position) => !merged.has(lineNumber(position))),
    );
    if (key !== undefined) focusCell(key, 'quantity');
    check(next);
  };

  const addToCart = async () => {
    const now = current.current;
    if (!anyFilled(now)) {
      setNothingTyped(true);
      const first = now[0];
      if (first) focusCell(first.key, 'sku');
      return;
    }
    const list = listOf(now);
    // Rows whose statuses nobody has seen yet are shown first, unless every one is ready.
    const seen = fresh && answer.text === list;
    setChecking(list);
    setAdding(true);
    try {
      let result: { rows: ResolvedRowDto[] };
      try {
        result = await queryClient.fetchQuery(typedRowsQuery(list));
      } catch {
        return; // The refusal shows under the rows (the query's error).
      }
      const good = result.rows.filter(isReady);
      const waiting = result.rows.some((row) => row.status !== 'ok' && row.status !== 'duplicate');
      if (good.length === 0 || (waiting && !seen)) {
        summary.current?.focus();
        return;
      }
      try {
        await cart.add(good.map((row) => ({ productId: row.productId!, quantity: row.quantity! })));
      } catch (error) {
        notify.error(refusalOf(error).message);
        return;
      }
      notify.success(`${good.length} line${good.length === 1 ? '' : 's'} added to the cart`);
      await navigate({ to: '/cart' });
    } finally {
      setAdding(false);
    }
  };

  const summaryText =
    fresh ? `${ready.length} of ${answer.rows.length} row${answer.rows.length === 1 ? '' : 's'} ready`
    : checkingNow ? 'Checking rows…'
    : '';

  return (
    <div className="max-w-3xl space-y-3">
      <div aria-hidden="true" className="hidden gap-2 px-3 text-sm font-medium text-slate-800 sm:grid sm:grid-cols-[minmax(0,1fr)_9rem_6rem]">
        <span>SKU</span>
        <span>Quantity</span>
      </div>
      <ol className="space-y-2" aria-busy={checkingNow || undefined}>
        {rows.map((row, index) => {
          const resolvedRow = resolvedAt(index);
          const statusId = `${id}-row-${row.key}-status`;
          const quantityId = `${id}-row-${row.key}-quantity`;
          const unchecked = !resolvedRow && lineOf(row) !== '';
          const describedBy = resolvedRow || unchecked ? statusId : undefined;
          return (
            <li
              key={row.key}
              aria-label={`Row ${index + 1}`}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
              onBlur={(event) => {
                // Leaving the row: the server reads the rows again.
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) check(current.current);
              }}
            >
              <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_9rem_6rem]">
                <ProductCombobox
                  className="col-span-2 sm:col-span-1"
                  label={
                    <>
                      {/* One name for every reader ("SKU, row 2"); the visible word is for phones, where no column header shows. */}
                      <span aria-hidden="true">SKU</span>
                      <span className="sr-only">SKU, row {index + 1}</span>
                    </>
                  }
                  labelClassName="mb-1 block text-sm font-medium text-slate-800 sm:sr-only"
                  inputRef={cellRef(row.key, 'sku')}
                  inputClassName={`block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 placeholder:font-sans placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none ${resolvedRow && SKU_PROBLEMS.has(resolvedRow.status) ? 'border-red-700' : 'border-slate-400'}`}
                  listClassName="sm:right-auto sm:w-[28rem] sm:max-w-[calc(100vw-2rem)]"
                  placeholder="Part number or name"
                  autoCapitalize="characters"
                  openOnFocus={false}
                  value={row.sku}
                  onValueChange={(value) => setCell(row.key, 'sku', value)}
                  onPick={(product) => pick(row.key, product)}
                  onEnter={() => focusCell(row.key, 'quantity')}
                  aria-describedby={describedBy}
                  aria-invalid={resolvedRow && SKU_PROBLEMS.has(resolvedRow.status) ? true : undefined}
                />
                <div>
                  <label htmlFor={quantityId} className="mb-1 block text-sm font-medium text-slate-800 sm:sr-only">
                    <span aria-hidden="true">Quantity</span>
                    <span className="sr-only">Quantity, row {index + 1}</span>
                  </label>
                  <Input
                    ref={cellRef(row.key, 'quantity')}
                    id={quantityId}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={row.loadingMinimum ? 'Minimum…' : undefined}
                    aria-busy={row.loadingMinimum || undefined}
                    aria-describedby={describedBy}
                    aria-invalid={resolvedRow && QUANTITY_PROBLEMS.has(resolvedRow.status) ? true : undefined}
                    value={row.quantity}
                    onChange={(event) => setCell(row.key, 'quantity', event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      nextRow(index);
                    }}
                  />
                </div>
                <Button variant="ghost" className="border border-slate-300" aria-label={`Remove row ${index + 1}`} onClick={() => remove(index)}>
                  Remove
                </Button>
              </div>
              {resolvedRow ? (
                <div id={statusId} className="space-y-2 text-sm">
                  <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                    <StatusBadge status={resolvedRow.status} />
                    <div className="min-w-0 flex-1 basis-48">
                      <RowWords row={resolvedRow} note={mergeNote(resolvedRow)} />
                    </div>
                  </div>
                  <RowFixes row={resolvedRow} name={`Row ${index + 1}`} disabled={adding} onFix={(change) => fix(index, resolvedRow, change)} />
                </div>
              ) : unchecked ? (
                <p id={statusId} className="text-sm text-slate-600">
                  {checkingNow ? 'Checking…' : 'Checked when you leave the row'}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addRowButton}
          type="button"
          className={buttonClass('ghost', 'border border-slate-300')}
          disabled={rows.length >= MAX_ROWS}
          onClick={() => {
            const row = addRow();
            if (row) focusCell(row.key, 'sku');
          }}
        >
          Add row
        </button>
        <Button variant="secondary" disabled={checkingNow} aria-busy={checkingNow || undefined} onClick={() => (anyFilled(current.current) ? check(current.current) : setNothingTyped(true))}>
          Check rows
        </Button>
        <Button disabled={adding || cart.saving || (cart.view === null && cart.signedIn)} aria-busy={adding || undefined} onClick={() => void addToCart()}>
          {fresh && ready.length > 0 ? `Add ${ready.length} row${ready.length === 1 ? '' : 's'} to cart` : 'Add rows to cart'}
        </Button>
        <p ref={summary} tabIndex={-1} aria-live="polite" className="text-sm font-semibold text-slate-900 focus:outline-none">
          {summaryText}
        </p>
      </div>
    </div>
  );
}
