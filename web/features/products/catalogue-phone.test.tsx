import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { CategoryNodeDto, ProductDto, ProductSearchDto } from '#http/dto.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { messages } from '../../lib/messages.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server } from '../../test/server.ts';

const tree: CategoryNodeDto[] = [
  { id: 'c_nuts', name: 'Nuts', slug: 'nuts', parentId: null, productCount: 12, children: [] },
  { id: 'c_tools', name: 'Hand Tools', slug: 'hand-tools', parentId: null, productCount: 9, children: [] },
];

const nut = makeProduct({ id: 'p_nut', sku: 'NUT-M8-A2', name: 'Hex nut M8 A2' });
const wrench = makeProduct({ id: 'p_wrench', sku: 'WR-17', name: 'Wrench 17 mm' });

/** The catalogue: nuts in the Nuts department, everything otherwise; records each query string asked. */
const catalogue = () => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/categories', () => json<CategoryNodeDto[]>(tree)),
    http.get('*/api/products', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      const items: ProductDto[] = url.searchParams.get('category') === 'nuts' ? [nut] : [nut, wrench];
      return json<ProductSearchDto>({ items, nextCursor: null, total: items.length * 6, facets: { categories: [], brands: [], attributes: [] } });
    }),
  );
  return asked;
};

const layoutOf = () => document.querySelector('[data-layout]')?.getAttribute('data-layout');
const searchOf = (history: { location: { search: string } }) => Object.fromEntries(new URLSearchParams(history.location.search));

beforeEach(() => localStorage.clear());

describe('the catalogue on a phone', () => {
  it('lets CSS choose rows or cards when the URL names no layout, and keeps List or Grid in the URL', async () => {
    const asked = catalogue();
    const { screen, user, history } = renderApp('/allProduct?category=nuts');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    expect(layoutOf()).toBe('auto');
    const toggle = screen.getByRole('navigation', { name: 'Layout' });
    const grid = within(toggle).getByRole('link', { name: 'Grid' });
    // Plain links: the choice works without JavaScript.
    expect(grid.getAttribute('href')).toContain('view=grid');
    expect(grid.getAttribute('href')).toContain('category=nuts');

    await user.click(grid);
    await expect.poll(() => searchOf(history)).toEqual({ category: 'nuts', view: 'grid' });
    expect(layoutOf()).toBe('grid');
    expect(within(toggle).getByRole('link', { name: 'Grid' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(toggle).getByRole('link', { name: 'List' }));
    await expect.poll(() => searchOf(history)).toEqual({ category: 'nuts', view: 'list' });
    expect(layoutOf()).toBe('list');
    // A row keeps what a buyer compares: SKU, name, price, stock and the way to order: a quantity and Add.
    const row = within(screen.getByRole('heading', { level: 2, name: 'Hex nut M8 A2' }).closest('article') as HTMLElement);
    expect(row.getByText(/SKU NUT-M8-A2/)).toBeInTheDocument();
    expect(row.getByText(/Available Quantity/)).toBeInTheDocument();
    expect(row.getByRole('textbox', { name: 'Quantity of Hex nut M8 A2' })).toHaveValue('100');
    expect(row.getByRole('button', { name: 'Add Hex nut M8 A2 to the cart' })).toBeInTheDocument();
    expect(row.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
    // The layout is not a search: the products were not asked for again.
    expect(asked.every((params) => !params.has('view'))).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('opens the filters in a sheet whose button counts the products they show, and returns the focus', async () => {
    catalogue();
    const { screen, user, history } = renderApp('/allProduct');
    await screen.findByRole('heading', { level: 2, name: 'Wrench 17 mm' });
    const trigger = screen.getByRole('link', { name: 'Departments and filters' });
    // Without JavaScript the link shows the panel it targets.
    expect(trigger).toHaveAttribute('href', '#catalogue-filters');
    expect(document.getElementById('catalogue-filters')).not.toBeNull();

    await user.click(trigger);
    const sheet = await screen.findByRole('dialog', { name: 'Departments and filters' });
    // The panel moved into the sheet: its boxes exist once.
    expect(screen.getAllByRole('combobox', { name: 'Brand' })).toHaveLength(1);
    expect(within(sheet).getByRole('button', { name: 'Show 12 products' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('link', { name: 'Nuts 12' }));
    await expect.poll(() => searchOf(history)).toEqual({ category: 'nuts' });
    const show = await within(sheet).findByRole('button', { name: 'Show 6 products' });
    await user.click(show);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Wrench 17 mm' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Departments and filters' })).toHaveFocus();
  });

  it('adds a typed quantity to the cart from a row, says so under it with View cart, and keeps the focus on Add', async () => {
    catalogue();
    // The visitor's cart is priced from the products' public pages (lib/cart.ts).
    server.use(http.get('*/api/products/:id', () => json<ProductDto>(nut)));
    const { screen, user } = renderApp('/allProduct?view=list');
    const row = within((await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' })).closest('article') as HTMLElement);
    const box = row.getByRole('textbox', { name: 'Quantity of Hex nut M8 A2' });
    expect(box).toHaveAccessibleDescription('pieces, Minimum Order Quantity: 100 pieces');
    const add = row.getByRole('button', { name: 'Add Hex nut M8 A2 to the cart' });
    // Without JavaScript the form opens the product page, whose buy box works without it.
    expect(add.closest('form')).toHaveAttribute('action', '/product/p_nut');

    await user.clear(box);
    await user.type(box, '2.5');
    await user.click(add);
    expect(row.getByText(messages.quantityNotWhole)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('bulkhead.cart')).toBeNull();

    await user.clear(box);
    await user.type(box, '300{Enter}');
    expect(await row.findByText(/300 pieces in the cart/)).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(JSON.parse(localStorage.getItem('bulkhead.cart') ?? '[]')).toEqual([{ productId: 'p_nut', quantity: 300 }]);
    // Pressed again, the same quantity is added again: the cart sums a product's lines.
    await user.click(add);
    await expect.poll(() => JSON.parse(localStorage.getItem('bulkhead.cart') ?? '[]')).toEqual([{ productId: 'p_nut', quantity: 600 }]);
    expect(add).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Cart 1 line' })).toBeInTheDocument();
  });

  it('keeps a card’s Buy Now beside the row’s Add when CSS chooses, and a grid of cards without Add', async () => {
    catalogue();
    const { screen, user } = renderApp('/allProduct');
    const row = within((await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' })).closest('article') as HTMLElement);
    // Both are in the page's HTML; below 768 px CSS shows the row's, from there the card's.
    expect(row.getByRole('button', { name: 'Add Hex nut M8 A2 to the cart' }).closest('div.md\\:hidden')).not.toBeNull();
    expect(row.getByRole('link', { name: /Buy Now/ }).closest('div.hidden')).not.toBeNull();
    await user.click(within(screen.getByRole('navigation', { name: 'Layout' })).getByRole('link', { name: 'Grid' }));
    await expect.poll(() => layoutOf()).toBe('grid');
    const card = within(screen.getByRole('heading', { level: 2, name: 'Hex nut M8 A2' }).closest('article') as HTMLElement);
    expect(card.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: /Buy Now/ })).toBeInTheDocument();
  });

  it('names a layout it cannot take and shows the page anyway', async () => {
    catalogue();
    const { screen, history } = renderApp('/allProduct?view=tiles');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    expect(screen.getByRole('status')).toHaveTextContent('layout (list or grid)');
    expect(searchOf(history).view).toBeUndefined();
  });
});
