import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatCents } from '../../lib/format.ts';

/** Typing pauses this long before the typeahead asks the server. */
const DEBOUNCE_MS = 200;
/** The server's typeahead answers nothing useful for a single character. */
const MIN_CHARACTERS = 2;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The navbar's catalogue search with typeahead, an ARIA combobox (WAI-ARIA APG, "editable combobox
 * with list autocomplete"): focus stays in the box while Up/Down move the active suggestion
 * (aria-activedescendant), Enter opens it (or searches the catalogue for the words when none is
 * active), Escape closes the list and a second Escape clears the box. Requests wait for a pause in
 * typing, and a newer one cancels the older (the query's abort signal).
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const words = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = words.length >= MIN_CHARACTERS;
  const suggestions = useQuery({
    // Under the 'products' root like every catalogue query, so a catalogue change refreshes it.
    queryKey: ['products', 'suggest', words],
    queryFn: ({ signal }) => api.suggestProducts(words, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const options = enabled && text.trim().length >= MIN_CHARACTERS ? (suggestions.data ?? []) : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const openProduct = (productId: string) => {
    close();
    setText('');
    // The buyer chose a part: reading goes on at its page's heading (layout/route-focus.tsx moves
    // focus there only when nobody is typing in a field).
    input.current?.blur();
    void navigate({ to: '/product/$productId', params: { productId } });
  };
  const searchCatalogue = () => {
    const q = text.trim();
    close();
    void navigate({ to: '/allProduct', search: q ? { q } : {} });
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
        event.preventDefault();
        const chosen = expanded && active >= 0 ? options[active] : undefined;
        if (chosen) openProduct(chosen.id);
        else searchCatalogue();
        break;
      }
      case 'Escape':
        if (expanded) close();
        else setText('');
        break;
    }
  };

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search part number or name"
        className="block w-full rounded-md border border-slate-600 bg-slate-900 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={close}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested products"
        hidden={!expanded}
        className="absolute right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg md:left-auto md:w-[32rem] md:max-w-[calc(100vw-2rem)]"
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
              openProduct(option.id);
            }}
            onMouseMove={() => setActive(index)}
          >
            <img src={option.imageUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 object-contain" />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 font-medium text-slate-900">{option.name}</span>
              <span className="block font-mono text-xs text-slate-600">{option.sku}</span>
            </span>
            <span className="shrink-0 text-slate-800">{formatCents(option.priceCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
