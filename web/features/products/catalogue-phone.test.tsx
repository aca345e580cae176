import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { CategoryNodeDto, ProductDto, ProductSearchDto } from '#http/dto.ts';
import { makeProduct } from '../../test/fixtures.ts';
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
    // A row keeps what a buyer compares: SKU, name, price, stock and the way to order.
    const row = within(screen.getByRole('heading', { level: 2, name: 'Hex nut M8 A2' }).closest('article') as HTMLElement);
    expect(row.getByText(/SKU NUT-M8-A2/)).toBeInTheDocument();
    expect(row.getByText(/Available Quantity/)).toBeInTheDocument();
    expect(row.getByRole('link', { name: /Buy Now/ })).toBeInTheDocument();
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

  it('names a layout it cannot take and shows the page anyway', async () => {
    catalogue();
    const { screen, history } = renderApp('/allProduct?view=tiles');
    await screen.findByRole('heading', { level: 2, name: 'Hex nut M8 A2' });
    expect(screen.getByRole('status')).toHaveTextContent('layout (list or grid)');
    expect(searchOf(history).view).toBeUndefined();
  });
});
