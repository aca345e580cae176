import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { admin, customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pagedList } from '../../test/paged-list.ts';
import { refusal, server, session } from '../../test/server.ts';

/**
 * A catalogue served through the cursor like the real API. The server may answer fewer items
 * than asked; a small page size keeps the tables short enough for jsdom.
 */
const catalogOnServer = (count: number, pageSize: number) => {
  const state = {
    products: Array.from({ length: count }, (_, index) => makeProduct({ id: `p_${index}`, name: `Part ${index}`, priceCents: 100 + index, stock: index })),
    deleted: [] as string[],
    askedLimits: [] as string[],
  };
  const list = pagedList(() => state.products, pageSize);
  state.askedLimits = list.askedLimits;
  server.use(
    http.get('*/api/products', list.resolver),
    http.delete('*/api/products/:id', ({ params }) => {
      state.deleted.push(String(params.id));
      state.products = state.products.filter((product) => product.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
};

describe('Manage Products', () => {
  it('lists image, name, price and quantity with an Edit link, and loads the next page through the cursor', async () => {
    session.current = meOf(admin);
    const state = catalogOnServer(5, 3);
    const { screen, user } = renderApp('/dashboard/manageProduct');
    expect(await screen.findByRole('heading', { name: labels.manageProducts })).toBeInTheDocument();
    const exportLink = screen.getByRole('link', { name: 'Export catalogue (CSV)' });
    expect(exportLink).toHaveAttribute('href', '/api/admin/products/export.csv');
    expect(exportLink).toHaveAttribute('download');
    const headers = (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Image', 'Name', 'Price', 'Quantity', 'Edit', 'Delete']);
    let rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('Part 0')).toBeInTheDocument();
    expect(first.getByText('$1.00')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Edit product Part 0' })).toHaveAttribute('href', '/dashboard/editProduct/p_0');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', makeProduct().imageUrl);
    expect(screen.getByText('Showing 3 products')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => screen.getAllByRole('row').length).toBe(6);
    rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[4]!).getByText('Part 4')).toBeInTheDocument();
    expect(screen.getByText('Showing 5 products (all of them)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(state.askedLimits).toEqual(['100', '100']); // the largest page the API serves
  });

  it('deletes a product only after "Yes, delete it!" and removes its row', async () => {
    session.current = meOf(admin);
    const state = catalogOnServer(3, 100);
    const { screen, user } = renderApp('/dashboard/manageProduct');
    await user.click(await screen.findByRole('button', { name: 'Delete product Part 1' }));
    let dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete product Part 1' }));
    dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.productDeleted)).toBeInTheDocument();
    expect(state.deleted).toEqual(['p_1']);
    await expect.poll(() => screen.queryByText('Part 1')).toBeNull();
  });

  it("shows the server's message when a delete is refused", async () => {
    session.current = meOf(admin);
    catalogOnServer(3, 100);
    server.use(http.delete('*/api/products/:id', () => refusal(404, 'NOT_FOUND', messages.productNotFound)));
    const { screen, user } = renderApp('/dashboard/manageProduct');
    await user.click(await screen.findByRole('button', { name: 'Delete product Part 2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.productNotFound)).toBeInTheDocument();
  });

  it('is not for customers', async () => {
    session.current = meOf(customer);
    const { screen, history } = renderApp('/dashboard/manageProduct');
    await expect.poll(() => history.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: labels.manageProducts })).not.toBeInTheDocument();
  });

  it('edits a product on a dashboard page, the form filled with its values, with a way back', async () => {
    session.current = meOf(admin);
    server.use(http.get('*/api/products/:id', () => HttpResponse.json(makeProduct({ id: 'p_9', name: 'Brass Tee', priceCents: 1999, stock: 420 }))));
    const { screen, user, history } = renderApp('/dashboard/editProduct/p_9');
    const form = within(await screen.findByRole('form', { name: labels.editProduct }));
    expect(form.getByLabelText('Product name')).toHaveValue('Brass Tee');
    expect(form.getByLabelText('Price')).toHaveValue('19.99');
    expect(form.getByLabelText('Quantity')).toHaveValue('420');
    await user.click(screen.getByRole('link', { name: `← Back to ${labels.manageProducts}` }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/manageProduct');
  });
});
