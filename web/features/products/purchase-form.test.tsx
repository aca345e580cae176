import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { adviseQuantity } from '#domain/catalog/quantity-advice.ts';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ProductDto, QuantityAdviceDto, QuoteDto } from '#http/dto.ts';
import { makeQuote } from '../../test/quote-fixtures.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

beforeEach(() => localStorage.clear());

describe('one quantity on the product page for Add to cart and Purchase Now', () => {
  it("gives a visitor the quantity advice and the total, puts a whole quantity in the browser's cart, and says a quantity that is not whole under the box", async () => {
    session.current = null;
    const product = makeProduct({ stock: 500, packSize: 50, priceTiers: [{ minQuantity: 300, unitPriceCents: 1_000 }] });
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(product)),
      http.get('*/api/products/:id/quantity-advice', ({ request }) => json<QuantityAdviceDto>(adviseQuantity(product, Number(new URL(request.url).searchParams.get('quantity'))))),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    const form = within(await screen.findByRole('form', { name: 'Purchase' }));
    const quantity = form.getByLabelText('Quantity');
    // It starts at one minimum order; there is one quantity box on the page.
    expect(quantity).toHaveValue('100');
    expect(screen.getAllByRole('textbox', { name: /quantity/i })).toHaveLength(1);
    expect(form.queryByRole('button', { name: labels.purchaseNow })).not.toBeInTheDocument();
    expect(form.getByText(labels.signInToOrder)).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '120');
    // The advice is public: a visitor sees the pack rule and its one-click fix.
    expect(await form.findByText(/Sold in packs of 50/)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: /^Order 100 pieces|^Order 150 pieces/ }));
    expect(quantity).not.toHaveValue('120');

    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.click(form.getByRole('button', { name: 'Add to cart' }));
    expect(await form.findAllByText(messages.quantityNotWhole)).not.toHaveLength(0);
    expect(localStorage.getItem('bulkhead.cart')).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '300');
    expect(form.getByText('Total: $3,000.00')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Add to cart' }));
    expect(await form.findByText('300 pieces in the cart.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('bulkhead.cart') ?? 'null')).toEqual([{ productId: 'p_wrench', quantity: 300 }]);
  });

  it("a buyer's Add to cart and Purchase Now read the same box; the cart's refusal is said under it", async () => {
    session.current = meOf(customer);
    let saves = 0;
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(makeProduct({ stock: 500 }))),
      http.put('*/api/cart', () => ((saves += 1), refusal(404, 'PRODUCT_NOT_FOUND', messages.productNotFound, { 'lines.0.productId': messages.productNotFound }))),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    const form = within(await screen.findByRole('form', { name: 'Purchase' }));
    expect(form.getByRole('button', { name: labels.purchaseNow })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /quantity/i })).toHaveLength(1);
    const button = form.getByRole('button', { name: 'Add to cart' });
    await expect.poll(() => button).toBeEnabled();
    await user.click(button);
    await expect.poll(() => form.getByLabelText('Quantity')).toHaveAccessibleDescription(expect.stringContaining(messages.productNotFound));
    expect(form.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    await user.click(button);
    await expect.poll(() => saves).toBe(2);
  });
});

describe('Request a quote from the product page', () => {
  it('offers a quote for a quantity above the stock, for that quantity', async () => {
    session.current = meOf(customer);
    let sent: unknown = null;
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(makeProduct({ stock: 500 }))),
      http.post('*/api/quotes', async ({ request }) => {
        sent = await request.json();
        return json<QuoteDto>(makeQuote(), { status: 201 });
      }),
    );
    const { screen, user, history } = renderApp('/product/p_wrench');
    const quantity = await screen.findByLabelText('Quantity');
    expect(screen.queryByRole('button', { name: labels.requestQuote })).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '2000');
    expect(screen.getByText(labels.quoteAboveStock('500 pieces'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.requestQuote }));
    const dialog = within(await screen.findByRole('dialog', { name: labels.requestQuote }));
    expect(dialog.getByLabelText('Quantity of Pipe Wrench 14"')).toHaveValue('2000');
    await user.type(dialog.getByLabelText('What do you need?'), 'By May');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await expect.poll(() => sent).toEqual({ lines: [{ productId: 'p_wrench', quantity: 2_000 }], message: 'By May' });
    await expect.poll(() => history.location.pathname).toBe('/dashboard/quotes');
  });

  it('offers a quote for a sold-out product instead of nothing', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/products/:id', () => json<ProductDto>(makeProduct({ stock: 0 }))));
    const { screen, user } = renderApp('/product/p_wrench');
    expect(await screen.findByText(labels.quoteSoldOut)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.requestQuote }));
    const dialog = within(await screen.findByRole('dialog', { name: labels.requestQuote }));
    expect(dialog.getByLabelText('Quantity of Pipe Wrench 14"')).toHaveValue('100');
  });
});
