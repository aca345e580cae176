import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { CategoryNodeDto, ProductDto, ProductSearchDto } from '#http/dto.ts';
import { catalogueChoicesIgnoredText, labels } from '../../lib/labels.ts';
import { messages } from '../../lib/messages.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server } from '../../test/server.ts';

const tree: CategoryNodeDto[] = [
  {
    id: 'c_fasteners',
    name: 'Fasteners',
    slug: 'fasteners',
    parentId: null,
    productCount: 40,
    children: [
      { id: 'c_nuts', name: 'Nuts', slug: 'nuts', parentId: 'c_fasteners', productCount: 12, children: [] },
      { id: 'c_bolts', name: 'Bolts', slug: 'bolts', parentId: 'c_fasteners', productCount: 28, children: [] },
    ],
  },
  { id: 'c_tools', name: 'Hand Tools', slug: 'hand-tools', parentId: null, productCount: 9, children: [] },
];

const nut = makeProduct({
  id: 'p_nut',
  sku: 'NUT-M8-A2',
  name: 'Hex nut M8 A2',
  brand: 'Bossard',
  unit: 'box of 50',
  priceCents: 120,
  priceTiers: [
    { minQuantity: 500, unitPriceCents: 98 },
    { minQuantity: 1000, unitPriceCents: 85 },
  ],
});

/** The catalogue endpoint: records every query string asked and answers `answer(url)`. */
const catalogue = (answer: (url: URL) => { items: ProductDto[]; nextCursor?: string | null; total?: number; correctedQuery?: string }) => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/categories', () => json<CategoryNodeDto[]>(tree)),
    http.get('*/api/products', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      const page = answer(url);
      return json<ProductSearchDto>({
        items: page.items,
        nextCursor: page.nextCursor ?? null,
        total: page.total ?? page.items.length,
        facets: { categories: [{ id: 'c_nuts', name: 'Nuts', count: 12 }], brands: [{ name: 'Bossard', count: 7 }, { name: 'Würth', count: 5 }], attributes: [] },
        ...(page.correctedQuery ? { correctedQuery: page.correctedQuery } : {}),
      });
    }),
  );
  return asked;
};

describe('the catalogue (All Products)', () => {
  it('shows part number, unit, "from" price, count, and departments with their counts', async () => {
    catalogue(() => ({ items: [nut], total: 1 }));
    const { screen } = renderApp('/allProduct');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' })).closest('article')!;
    expect(within(card as HTMLElement).getByText(/SKU NUT-M8-A2/)).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('From $0.85')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('/ box of 50')).toBeInTheDocument();
    expect(screen.getByText('1 product')).toBeInTheDocument();
    const departments = screen.getByRole('navigation', { name: 'Departments' });
    expect(within(departments).getByRole('link', { name: 'Fasteners 40' })).toBeInTheDocument();
    expect(within(departments).getByRole('link', { name: 'Nuts 12' })).toBeInTheDocument();
  });

  it('never offers Buy Now for what cannot be ordered: sold out, or less than one minimum order left; titles open the product', async () => {
    const soldOut = makeProduct({ id: 'p_gone', name: 'Gone Valve', stock: 0 });
    const scarce = makeProduct({ id: 'p_scarce', name: 'Scarce Elbow', stock: 60, minOrderQuantity: 100 });
    catalogue(() => ({ items: [soldOut, scarce, nut] }));
    const { screen } = renderApp('/allProduct');
    const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('article') as HTMLElement);
    const gone = await cardOf('Gone Valve');
    expect(gone.getAllByText(labels.soldOut).length).toBeGreaterThan(0);
    expect(gone.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
    const few = await cardOf('Scarce Elbow');
    expect(few.getByText(labels.notEnoughForMinimum(60, 100))).toBeInTheDocument();
    expect(few.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
    const stocked = await cardOf('Hex nut M8 A2');
    expect(stocked.getByRole('link', { name: /Buy Now/ })).toBeInTheDocument();
    expect(stocked.getByRole('link', { name: 'Hex nut M8 A2' })).toHaveAttribute('href', '/product/p_nut');
  });

  it('reads every choice from the URL and asks the API for it in cents', async () => {
    const asked = catalogue(() => ({ items: [nut] }));
    const { screen } = renderApp('/allProduct?q=m8&category=nuts&brand=Bossard&inStock=true&minPrice=0.5&maxPrice=2&sort=price-asc');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    const params = Object.fromEntries(asked.at(-1)!);
    expect(params).toEqual({
      q: 'm8',
      category: 'nuts',
      brand: 'Bossard',
      inStock: 'true',
      minPriceCents: '50',
      maxPriceCents: '200',
      sort: 'price-asc',
      limit: '24',
    });
    expect(screen.getByRole('link', { name: 'Nuts 12' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  });

  it('puts each choice in the URL, and Back restores the previous list', async () => {
    const asked = catalogue((url) => ({ items: [makeProduct({ id: `p_${url.searchParams.get('category') ?? 'all'}`, name: `In ${url.searchParams.get('category') ?? 'all'}` })] }));
    const { screen, user, history } = renderApp('/allProduct');
    await screen.findByRole('heading', { level: 2, name: 'In all' });
    await user.click(screen.getByRole('link', { name: 'Fasteners 40' }));
    await screen.findByRole('heading', { level: 2, name: 'In fasteners' });
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Würth');
    await user.type(screen.getByRole('textbox', { name: 'Highest price' }), '3');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    const search = new URLSearchParams(history.location.search);
    expect(Object.fromEntries(search)).toEqual({
      category: 'fasteners',
      inStock: 'true',
      sort: 'price-asc',
      brand: 'Würth',
      maxPrice: '3',
    });
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ category: 'fasteners', inStock: 'true', sort: 'price-asc', brand: 'Würth', maxPriceCents: '300' });

    history.back();
    history.back();
    history.back();
    history.back();
    expect(await screen.findByRole('heading', { level: 2, name: 'In fasteners' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({ category: 'fasteners' });
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
  });

  it('shows a new choice at once on a slow network, keeping the previous results marked busy until the new ones arrive', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    catalogue((url) => ({ items: [makeProduct({ id: `p_${url.searchParams.get('inStock') ?? 'all'}`, name: url.searchParams.get('inStock') ? 'In stock' : 'Everything' })] }));
    server.use(
      http.get('*/api/products', async ({ request }) => {
        if (new URL(request.url).searchParams.get('inStock')) await slow;
        return undefined; // on to the handler above
      }),
    );
    const { screen, user } = renderApp('/allProduct');
    await screen.findByRole('heading', { level: 2, name: 'Everything' });
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    const busyGrid = screen.getByRole('heading', { level: 2, name: 'Everything' }).closest('[aria-busy="true"]');
    expect(busyGrid).not.toBeNull();
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'In stock' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'In stock' }).closest('[aria-busy]')).toBeNull();
  });

  it('lists the filters in use above the results, each removable in one press', async () => {
    catalogue(() => ({ items: [nut] }));
    const { screen, user, history } = renderApp('/allProduct?q=nut&category=nuts&brand=Bossard&inStock=true&minPrice=1&maxPrice=3');
    const inUse = await screen.findByRole('list', { name: 'Filters in use' });
    await within(inUse).findByRole('button', { name: 'Remove filter Nuts' });
    expect(within(inUse).getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Remove filter “nut”',
      'Remove filter Nuts',
      'Remove filter Bossard',
      'Remove filter In stock',
      'Remove filter $1–$3',
    ]);
    await user.click(within(inUse).getByRole('button', { name: 'Remove filter Bossard' }));
    await expect.poll(() => Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({ q: 'nut', category: 'nuts', inStock: 'true', minPrice: '1', maxPrice: '3' });
    await user.click(screen.getByRole('button', { name: 'Remove filter $1–$3' }));
    await expect.poll(() => Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({ q: 'nut', category: 'nuts', inStock: 'true' });
    expect(screen.queryByRole('button', { name: /Remove filter \$/ })).not.toBeInTheDocument();
  });

  it('names an upside-down price range the right way up, as the list reads it', async () => {
    catalogue(() => ({ items: [nut] }));
    const { screen } = renderApp('/allProduct?minPrice=100&maxPrice=5');
    const inUse = await screen.findByRole('list', { name: 'Filters in use' });
    expect(await within(inUse).findByRole('button', { name: 'Remove filter $5–$100' })).toBeInTheDocument();
  });

  it('pages with Load more, 24 at a time through the cursor', async () => {
    const all = Array.from({ length: 30 }, (_, index) => makeProduct({ id: `p_${index}`, name: `Part ${index}` }));
    const asked = catalogue((url) => {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      return { items: all.slice(start, start + 24), nextCursor: start + 24 < all.length ? String(start + 24) : null, total: all.length };
    });
    const { screen, user, history } = renderApp('/allProduct');
    await screen.findByRole('heading', { level: 2, name: 'Part 23' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Part 24' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument();
    // A link to the next page's cursor (how paging works without JavaScript); with it, a click adds
    // the page below and the URL stays.
    const more = screen.getByRole('link', { name: 'Load more' });
    expect(new URL(more.getAttribute('href')!, 'http://localhost').searchParams.get('cursor')).toBe('"24"');
    await user.click(more);
    expect(await screen.findByRole('heading', { level: 2, name: 'Part 29' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Part 0' })).toBeInTheDocument();
    expect(asked.at(-1)!.get('cursor')).toBe('24');
    expect(history.location.search).toBe('');
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing matches and clears the filters on request', async () => {
    catalogue((url) => ({ items: url.searchParams.has('brand') ? [] : [nut] }));
    const { screen, user, history } = renderApp('/allProduct?brand=Nobody&inStock=true');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' })).toBeInTheDocument();
    expect(history.location.search).toBe('');
  });

  it('says when it shows results for corrected words, and searches the words as typed on request, exact=1 kept in the URL', async () => {
    const washer = makeProduct({ id: 'p_washer', name: 'Flat washer M8' });
    const asked = catalogue((url) => (url.searchParams.get('exact') === 'true' ? { items: [] } : { items: [washer], correctedQuery: 'washer' }));
    const { screen, user, history } = renderApp('/allProduct?q=wahser');
    await screen.findByRole('heading', { level: 2, name: 'Flat washer M8' });
    const said = screen.getByText(/Showing results for/);
    expect(said).toHaveTextContent('Showing results for washer — search instead for wahser');
    expect(within(said).getByText('washer', { selector: 'strong' })).toBeInTheDocument();
    expect(asked.at(-1)!.has('exact')).toBe(false);

    await user.click(screen.getByRole('link', { name: 'search instead for wahser' }));
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({ q: 'wahser', exact: '1' });
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ q: 'wahser', exact: 'true' });
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();

    // New words are corrected again: exact leaves the URL.
    const box = screen.getByRole('searchbox', { name: 'Search the catalogue' });
    await user.clear(box);
    await user.type(box, 'wahser m8');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await expect.poll(() => Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({ q: 'wahser m8' });
    expect(await screen.findByText(/Showing results for/)).toBeInTheDocument();
  });

  it('says which choices of a link it could not use, shows the catalogue without them, and forgets it at the next choice', async () => {
    const asked = catalogue(() => ({ items: [nut] }));
    const { screen, user, history } = renderApp('/allProduct?minPrice=abc&sort=bogus&brand=Acme');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    expect(screen.getByRole('status')).toHaveTextContent(catalogueChoicesIgnoredText(['minPrice', 'sort']));
    expect(screen.getByRole('status')).toHaveTextContent('lowest price, sort order');
    // The good choice is kept and asked for; the bad ones are not sent.
    expect(asked.at(-1)!.get('brand')).toBe('Acme');
    expect(asked.at(-1)!.has('minPriceCents')).toBe(false);
    expect(asked.at(-1)!.has('sort')).toBe(false);
    await user.click(screen.getByRole('link', { name: /^All departments/ }));
    await expect.poll(() => history.location.search).not.toContain('ignored');
    expect(screen.queryByText(catalogueChoicesIgnoredText(['minPrice', 'sort']))).not.toBeInTheDocument();
  });

  it('says a price that is not dollars under the range, focuses its box and keeps the URL, until it is fixed', async () => {
    catalogue(() => ({ items: [nut] }));
    const { screen, user, history } = renderApp('/allProduct?maxPrice=20');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    const low = screen.getByRole('textbox', { name: 'Lowest price' });
    await user.type(low, 'ten');
    expect(screen.queryByText(messages.priceFilterTyped)).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Highest price' }), '{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.priceFilterTyped);
    expect(low).toHaveFocus();
    expect(low).toHaveAccessibleDescription(messages.priceFilterTyped);
    expect(history.location.search).toBe('?maxPrice=20');
    await user.clear(low);
    await user.type(low, '10');
    expect(screen.queryByText(messages.priceFilterTyped)).not.toBeInTheDocument();
    expect(low).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(history.location.search).toBe('?maxPrice=20&minPrice=10'));
  });

  it('says nothing of corrections when the answer has none', async () => {
    catalogue(() => ({ items: [nut] }));
    const { screen } = renderApp('/allProduct?q=nut');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });
});
