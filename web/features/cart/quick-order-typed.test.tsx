import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { ProductDto, ProductSuggestionDto, ResolvedListDto } from '#http/dto.ts';
import { toResolvedRowDto } from '#http/cart-dto.ts';
import { searchWords, wordsMatch } from '#domain/catalog/search-terms.ts';
import { closestSkus } from '#domain/catalog/sku-did-you-mean.ts';
import { skuKey } from '#domain/catalog/sku.ts';
import { messages, pastedListFailureMessage } from '../../lib/messages.ts';
import { resolvePastedList, type QuickOrderCatalog, type QuickOrderSearch } from '#domain/ordering/resolve-pasted-list.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server } from '../../test/server.ts';

const nut = makeProduct({ id: 'p_nut', sku: 'M8-NUT-A2', name: 'M8 nut A2', minOrderQuantity: 200, packSize: 100, stock: 5_000 });
const bolt = makeProduct({ id: 'p_bolt', sku: 'M8-BOLT-40', name: 'M8 bolt 40 mm', minOrderQuantity: 300, packSize: 50, stock: 5_000 });
const catalogue = new Map([nut, bolt].map((product) => [product.sku, product]));
const suggestionOf = (product: ProductDto): ProductSuggestionDto => ({ id: product.id, sku: product.sku, name: product.name, imageUrl: product.imageUrl, priceCents: product.priceCents });

/**
 * The server's resolver itself (POST /api/cart/resolve in http/routes/cart.ts calls
 * `resolvePastedList` over the store's products), here over these two products: the statuses,
 * sentences and "did you mean" the page shows are the server's, so this test cannot drift from it.
 */
const quickOrderCatalog: QuickOrderCatalog = {
  findBySkuKeys: async (keys) => [...catalogue.values()].filter((product) => keys.includes(skuKey(product.sku))),
  similarSkus: async (skus, limit) => new Map(skus.map((sku) => [sku, closestSkus(sku, catalogue.keys(), limit)])),
};
/** The catalogue search, for a pasted name: every word starts a word of the product's name. */
const quickOrderSearch: QuickOrderSearch = {
  search: async (query) => ({ items: [...catalogue.values()].filter((product) => wordsMatch(query.terms?.words ?? [], searchWords(product.name))).slice(0, query.limit) }),
};

/** The typeahead, the products and the resolver; returns the lists sent to the resolver. */
const shop = () => {
  const sent: string[] = [];
  server.use(
    http.get('*/api/products/suggest', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toUpperCase();
      return json<ProductSuggestionDto[]>([nut, bolt].filter((product) => product.sku.startsWith(q)).map(suggestionOf));
    }),
    http.get('*/api/products/:id', async ({ params }) => {
      // A slow network: the minimum arrives after the pick.
      await delay(100);
      return json<ProductDto>(params.id === bolt.id ? bolt : nut);
    }),
    http.post('*/api/cart/resolve', async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      sent.push(text);
      // A visitor: no company, list prices.
      const resolved = await resolvePastedList({ store: { products: quickOrderCatalog, search: quickOrderSearch, companyPrices: { termsForMember: async () => null } } }, { text });
      if (!resolved.ok) {
        // The server's refusal of a list it cannot read (http/error-messages.ts: the field's message leads).
        const message = pastedListFailureMessage(resolved.error);
        return refusal(400, 'VALIDATION_FAILED', message, { text: message });
      }
      return json<ResolvedListDto>({ rows: resolved.value.map(toResolvedRowDto) });
    }),
  );
  return sent;
};

const rowsOf = (screen: ReturnType<typeof renderApp>['screen']) => within(screen.getByRole('region', { name: 'Type rows' })).getAllByRole('listitem');

beforeEach(() => localStorage.clear());

describe('quick order: typed rows', () => {
  it('picks a SKU from the typeahead by keyboard, fills the minimum, and goes on to the next row with Enter', async () => {
    const sent = shop();
    const { screen, user } = renderApp('/quickOrder');
    expect(await screen.findByRole('heading', { level: 2, name: 'Type rows' })).toBeInTheDocument();
    expect(rowsOf(screen)).toHaveLength(5);

    const sku = screen.getByRole('combobox', { name: 'SKU, row 1' });
    await user.type(sku, 'm8');
    const list = await screen.findByRole('listbox', { name: 'Suggested products' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(sku).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}');
    expect(sku).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');

    expect(sku).toHaveValue('M8-NUT-A2');
    expect(sku).toHaveAttribute('aria-expanded', 'false');
    const quantity = screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity, row 1' });
    expect(quantity).toHaveFocus();
    // On a slow network the cell says its minimum is on the way.
    expect(quantity).toHaveAttribute('aria-busy', 'true');
    expect(quantity).toHaveAttribute('placeholder', 'Minimum…');
    // The product's minimum, selected, so typing replaces it.
    await waitFor(() => expect(quantity).toHaveValue('200'));
    expect(quantity.selectionStart).toBe(0);
    expect(quantity.selectionEnd).toBe(3);
    const row = rowsOf(screen)[0]!;
    expect(await within(row).findByText('Ready')).toBeInTheDocument();
    expect(sent).toEqual(['SKU\tQuantity\nM8-NUT-A2\t200\n\n\n\n']);

    // Enter in a quantity goes to the next row's SKU; Escape closes the list without picking.
    await user.keyboard('{Enter}');
    const second = screen.getByRole('combobox', { name: 'SKU, row 2' });
    expect(second).toHaveFocus();
    await user.type(second, 'm8-b');
    await screen.findByRole('option', { name: /M8 bolt 40 mm/ });
    await user.keyboard('{Escape}');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveValue('m8-b');

    // A quantity typed first is kept when the product is picked.
    const fifthQuantity = screen.getByRole('textbox', { name: 'Quantity, row 5' });
    await user.type(fifthQuantity, '450');
    const fifth = screen.getByRole('combobox', { name: 'SKU, row 5' });
    await user.type(fifth, 'm8-bo');
    await screen.findByRole('option', { name: /M8 bolt 40 mm/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(fifth).toHaveValue('M8-BOLT-40');
    expect(fifthQuantity).toHaveValue('450');
    expect(fifthQuantity).toHaveFocus();

    // Enter in the last row's quantity adds a row.
    await user.keyboard('{Enter}');
    expect(rowsOf(screen)).toHaveLength(6);
    expect(screen.getByRole('combobox', { name: 'SKU, row 6' })).toHaveFocus();
  });

  it('shows the resolver’s statuses and fixes on typed rows and adds the good rows to the cart', async () => {
    const sent = shop();
    const { screen, user, history } = renderApp('/quickOrder');
    await user.type(await screen.findByRole('combobox', { name: 'SKU, row 1' }), 'M8-BOLT-40');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 1' }), '120');
    await user.type(screen.getByRole('combobox', { name: 'SKU, row 2' }), 'm8-ntu-a2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 2' }), '400');
    await user.type(screen.getByRole('combobox', { name: 'SKU, row 3' }), 'M8-NUT-A2');

    // Adding rows nobody has seen checked shows their statuses first.
    await user.click(screen.getByRole('button', { name: 'Add rows to cart' }));
    const [first, second, third] = rowsOf(screen);
    expect(await within(first!).findByText('Below minimum')).toBeInTheDocument();
    expect(within(first!).getByText(messages.adviceBelowMinimum(bolt.minOrderQuantity))).toBeInTheDocument();
    expect(within(second!).getByText('Unknown SKU')).toBeInTheDocument();
    expect(within(second!).getByText(messages.rowUnknownSku('M8-NTU-A2'))).toBeInTheDocument();
    expect(within(third!).getByText('Unreadable')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 rows ready')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'SKU, row 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Quantity, row 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(history.location.pathname).toBe('/quickOrder');
    expect(sent.at(-1)).toBe('SKU\tQuantity\nM8-BOLT-40\t120\nm8-ntu-a2\t400\nM8-NUT-A2\t\n\n');

    // One-click fixes rewrite the row and read the rows again.
    await user.click(screen.getByRole('button', { name: 'Row 1: use 300 pieces' }));
    expect(screen.getByRole('textbox', { name: 'Quantity, row 1' })).toHaveValue('300');
    expect(await within(rowsOf(screen)[0]!).findByText('Ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Row 2: did you mean M8-NUT-A2?' }));
    expect(screen.getByRole('combobox', { name: 'SKU, row 2' })).toHaveValue('M8-NUT-A2');
    expect(await within(rowsOf(screen)[1]!).findByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 rows ready')).toBeInTheDocument();

    // The good rows go in the cart; the unreadable one stays out.
    await user.click(screen.getByRole('button', { name: 'Add 2 rows to cart' }));
    await expect.poll(() => history.location.pathname).toBe('/cart');
    expect(JSON.parse(localStorage.getItem('bulkhead.cart') ?? 'null')).toEqual([
      { productId: bolt.id, quantity: 300 },
      { productId: nut.id, quantity: 400 },
    ]);
  });

  it('removes a row, keeps focus in the grid and reads the rows again without it', async () => {
    const sent = shop();
    const { screen, user } = renderApp('/quickOrder');
    await user.type(await screen.findByRole('combobox', { name: 'SKU, row 1' }), 'M8-NTU-A2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 1' }), '400');
    await user.type(screen.getByRole('combobox', { name: 'SKU, row 2' }), 'M8-NUT-A2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 2' }), '400{Enter}');
    expect(await within(rowsOf(screen)[0]!).findByText('Unknown SKU')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(rowsOf(screen)).toHaveLength(4);
    const first = screen.getByRole('combobox', { name: 'SKU, row 1' });
    expect(first).toHaveValue('M8-NUT-A2');
    expect(first).toHaveFocus();
    expect(await screen.findByText('1 of 1 row ready')).toBeInTheDocument();
    expect(sent.at(-1)).toBe('SKU\tQuantity\nM8-NUT-A2\t400\n\n\n');

    // Every row can go; Add row brings one back.
    for (let left = 4; left > 0; left -= 1) await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(screen.getByRole('button', { name: 'Add row' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'SKU, row 1' })).toHaveFocus();
  });

  it('merges rows of one SKU as a pasted list does, saying so by row', async () => {
    shop();
    const { screen, user, history } = renderApp('/quickOrder');
    await user.type(await screen.findByRole('combobox', { name: 'SKU, row 1' }), 'M8-NUT-A2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 1' }), '200');
    await user.type(screen.getByRole('combobox', { name: 'SKU, row 2' }), 'm8-nut-a2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 2' }), '300{Enter}');
    const [first, second] = rowsOf(screen);
    expect(await within(second!).findByText('Merged')).toBeInTheDocument();
    expect(within(second!).getByText('Same SKU as row 1: added to that row')).toBeInTheDocument();
    expect(within(first!).getByText('Includes the quantity of row 2 (same SKU)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add 1 row to cart' }));
    await expect.poll(() => history.location.pathname).toBe('/cart');
    expect(JSON.parse(localStorage.getItem('bulkhead.cart') ?? 'null')).toEqual([{ productId: nut.id, quantity: 500 }]);
  });

  it('asks for a row before adding nothing', async () => {
    const sent = shop();
    const { screen, user } = renderApp('/quickOrder');
    await user.click(await screen.findByRole('button', { name: 'Add rows to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type a SKU and a quantity in at least one row');
    expect(screen.getByRole('combobox', { name: 'SKU, row 1' })).toHaveFocus();
    expect(sent).toEqual([]);
  });
});

describe('quick order layout', () => {
  it('puts the paste box before the typed rows, so a phone shows it first', async () => {
    const { screen } = renderApp('/quickOrder');
    const paste = await screen.findByRole('heading', { name: 'Paste a list' });
    const typed = screen.getByRole('heading', { name: 'Type rows' });
    expect(paste.compareDocumentPosition(typed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
