import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ProductCombobox } from '../catalog/product-combobox.tsx';

/**
 * The navbar's catalogue search with typeahead (the shared product combobox): Enter opens the
 * active suggestion's page (or searches the catalogue for the words when none is active), Escape
 * closes the list and a second Escape clears the box.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  const openProduct = (productId: string) => {
    setText('');
    // The buyer chose a part: reading goes on at its page's heading (layout/route-focus.tsx moves
    // focus there only when nobody is typing in a field).
    input.current?.blur();
    void navigate({ to: '/product/$productId', params: { productId } });
  };
  const searchCatalogue = () => {
    const q = text.trim();
    void navigate({ to: '/allProduct', search: q ? { q } : {} });
  };

  return (
    <ProductCombobox
      className={className}
      inputRef={input}
      label="Search products"
      placeholder="Search part number or name"
      inputClassName="block w-full rounded-md border border-slate-600 bg-slate-900 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
      listClassName="md:left-auto md:w-[32rem] md:max-w-[calc(100vw-2rem)]"
      value={text}
      onValueChange={setText}
      onPick={(product) => openProduct(product.id)}
      onEnter={searchCatalogue}
      onEscape={() => setText('')}
    />
  );
}
