import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { labels, messages } from '#domain/messages.ts';
import { admin, customer, errorBody, makeOrder, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const productOnServer = (stock: number) => {
  const state = { product: makeProduct({ stock }) };
  server.use(http.get('*/api/products/:id', () => HttpResponse.json(state.product)));
  return state;
};

describe('product page', () => {
  it('refuses 99 units with the minimum message and more than the stock with the stock message', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    const { screen, user } = renderApp('/product/p_wrench');
    const quantity = await screen.findByLabelText('Quantity');
    await user.type(quantity, '99');
    await user.tab();
    expect(await screen.findByText(messages.belowMinimum)).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining(messages.belowMinimum));
    await user.clear(quantity);
    await user.type(quantity, '501');
    await user.tab();
    expect(await screen.findByText(messages.aboveStock)).toBeInTheDocument();
  });

  it('shows the product, the minimum note and a live total', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    const { screen, user } = renderApp('/product/p_wrench');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipe Wrench 14"' })).toBeInTheDocument();
    expect(screen.getByText('Available Quantity: 500')).toBeInTheDocument();
    expect(screen.getByText(labels.minimumOrder)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity'), '150');
    expect(screen.getByText('Total: $1,875.00')).toBeInTheDocument();
  });

  it('places the order with an Idempotency-Key, toasts, resets the form and shows the fresh stock', async () => {
    session.current = meOf(customer);
    const state = productOnServer(500);
    let request: { body: unknown; key: string | null } | undefined;
    server.use(
      http.post('*/api/orders', async ({ request: sent }) => {
        request = { body: await sent.json(), key: sent.headers.get('Idempotency-Key') };
        state.product = { ...state.product, stock: 350 };
        return HttpResponse.json(makeOrder(), { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.type(await screen.findByLabelText('Phone Number'), '555 123 4567');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    await user.type(screen.getByLabelText('Quantity'), '150');
    await user.click(screen.getByRole('button', { name: 'Purchase Now' }));
    expect(await screen.findByText(messages.orderPlaced)).toBeInTheDocument();
    expect(await screen.findByText('Available Quantity: 350')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue('');
    expect(request?.body).toEqual({ productId: 'p_wrench', quantity: 150, phone: '555 123 4567', address: '1 Dock Road' });
    expect(request?.key).toMatch(/^[\w-]{20,}$/);
  });

  it('shows a server field error under its field', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    server.use(
      http.post('*/api/orders', () =>
        HttpResponse.json(errorBody('INSUFFICIENT_STOCK', messages.insufficientStock, { quantity: messages.insufficientStock }), { status: 409 }),
      ),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.type(await screen.findByLabelText('Phone Number'), '5551234567');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    await user.type(screen.getByLabelText('Quantity'), '400');
    await user.click(screen.getByRole('button', { name: 'Purchase Now' }));
    await screen.findAllByText(messages.insufficientStock);
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(expect.stringContaining(messages.insufficientStock));
  });

  it('shows Product Sold and a disabled Sold button with no fields when the stock is 0', async () => {
    session.current = meOf(customer);
    productOnServer(0);
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByText(labels.productSold)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sold' })).toBeDisabled();
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });

  it('does not let an admin buy', async () => {
    session.current = meOf(admin);
    productOnServer(500);
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByRole('button', { name: 'Purchase Now' })).toBeDisabled();
    expect(screen.getByText(new RegExp(messages.adminCannotBuy))).toBeInTheDocument();
  });
});
