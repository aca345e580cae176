import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import type { ProductSuggestionDto } from '#http/dto.ts';
import { productSuggestionsQuery } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';

/** Typing pauses this long before the typeahead asks the server. */
export const DEBOUNCE_MS = 200;
/** The server's typeahead answers nothing useful for a single character. */
const MIN_CHARACTERS = 2;

/**
 * A suggestion's price: a company member's own (the server's `yourPrice`, docs/catalogue.md, "Your
 * price") marked "Your price" with the list price struck beneath it, as everywhere a member sees a
 * price; the list price alone for everyone else, and once signed out whatever the cache still holds.
 */
function SuggestionPrice({ option }: { option: ProductSuggestionDto }) {
  const signedIn = Boolean(useSession());
  const mine = signedIn ? option.yourPrice?.unitPriceCents : undefined;
  if (mine === undefined || mine === option.priceCents) return <span className="shrink-0 text-slate-800">{formatCents(option.priceCents)}</span>;
  return (
    <span className="shrink-0 text-right text-slate-800">
      <span className="block">
        <span className="mr-1 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-900">Your price</span>
        {formatCents(mine)}
      </span>
      <span className="block text-xs text-slate-600">
        <span className="sr-only">List price </span>
        <s>{formatCents(option.priceCents)}</s>
      </span>
    </span>
  );
}

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface ProductComboboxProps {
  /** The box's text (the caller owns it). */
  value: string;
  onValueChange: (text: string) => void;
  /** A suggestion chosen by Enter on the active option or by the pointer. */
  onPick: (product: ProductSuggestionDto) => void;
  /** Enter with no suggestion active. */
  onEnter?: () => void;
  /** Escape while the list is already closed (the first Escape closes it). */
  onEscape?: () => void;
  /** The box's label; visually hidden unless `labelClassName` says otherwise. */
  label: ReactNode;
  labelClassName?: string;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  listClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
  inputId?: string;
  /** Whether focusing the box shows the suggestions it has (the navbar's does; a grid cell waits for typing or Down). */
  openOnFocus?: boolean;
  /** Phones' keyboards: "characters" for part numbers. */
  autoCapitalize?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A text box that suggests products from `GET /api/products/suggest` as the buyer types (web/README.md,
 * "web/ — the Bulkhead SPA": the navbar's typeahead; also quick order's SKU cells). An ARIA combobox (WAI-ARIA
 * APG, "editable combobox with list autocomplete"): focus stays in the box while Up/Down move the
 * active suggestion (aria-activedescendant), Enter picks it (or calls `onEnter` when none is
 * active), Escape closes the list (a second Escape calls `onEscape`). Requests wait for a pause in
 * typing, and a newer one cancels the older (the query's abort signal).
 */
export function ProductCombobox({
  value,
  onValueChange,
  onPick,
  onEnter,
  onEscape,
  label,
  labelClassName = 'sr-only',
  placeholder,
  className,
  inputClassName,
  listClassName,
  inputRef,
  inputId,
  autoCapitalize,
  openOnFocus = true,
  ...aria
}: ProductComboboxProps) {
  const id = useId();
  const boxId = inputId ?? `${id}-input`;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const words = useDebounced(value.trim(), DEBOUNCE_MS);
  const enabled = words.length >= MIN_CHARACTERS;
  const suggestions = useQuery({
    ...productSuggestionsQuery(words),
    enabled,
    placeholderData: keepPreviousData,
  });
  const options = enabled && value.trim().length >= MIN_CHARACTERS ? (suggestions.data ?? []) : [];
  const expanded = open && options.length > 0;
  const searching = open && value.trim().length >= MIN_CHARACTERS && (suggestions.isFetching || words !== value.trim());
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: ProductSuggestionDto) => {
    close();
    onPick(option);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter': {
        const chosen = expanded && active >= 0 ? options[active] : undefined;
        if (chosen) {
          event.preventDefault();
          pick(chosen);
        } else if (onEnter) {
          event.preventDefault();
          close();
          onEnter();
        }
        break;
      }
      case 'Escape':
        if (expanded) close();
        else onEscape?.();
        break;
    }
  };

  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={boxId} className={labelClassName}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={boxId}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-busy={searching || undefined}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        autoComplete="off"
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        placeholder={placeholder}
        className={inputClassName}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(openOnFocus)}
        onBlur={close}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested products"
        hidden={!expanded}
        className={clsx('absolute right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg', listClassName)}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-amber-100' : 'hover:bg-slate-100'}`}
            // mousedown, not click: the box's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
            onMouseMove={() => setActive(index)}
          >
            <img src={option.imageUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 object-contain" />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 font-medium text-slate-900">{option.name}</span>
              <span className="block font-mono text-xs text-slate-600">{option.sku}</span>
            </span>
            <SuggestionPrice option={option} />
          </li>
        ))}
      </ul>
    </div>
  );
}
