import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import type { ProductDto } from '#http/dto.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

beforeEach(() => localStorage.clear());

describe('Add to cart on the product page', () => {
  it("puts a whole quantity in a visitor's cart, and says a quantity that is not whole under the box", async () => {
    session.current = null;
    server.use(http.get('*/api/products/:id', () => json<ProductDto>(makeProduct({ stock: 500 }))));
    const { screen, user } = renderApp('/product/p_wrench');
    const form = within(await screen.findByRole('form', { name: 'Add to cart' }));
    const quantity = form.getByLabelText('Quantity for the cart');
    // It starts at one minimum order.
    expect(quantity).toHaveValue('100');
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.click(form.getByRole('button', { name: 'Add to cart' }));
    expect(await form.findByRole('alert')).toHaveTextContent(messages.quantityNotWhole);
    expect(quantity).toHaveAccessibleDescription(messages.quantityNotWhole);
    expect(localStorage.getItem('bulkhead.cart')).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '200');
    await user.click(form.getByRole('button', { name: 'Add to cart' }));
    expect(await form.findByRole('status')).toHaveTextContent('200 pieces in the cart.');
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('bulkhead.cart') ?? 'null')).toEqual([{ productId: 'p_wrench', quantity: 200 }]);
  });

  it("says the server's refusal of a buyer's cart under the box, and tries again when asked", async () => {
    session.current = meOf(customer);
    let saves = 0;
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(makeProduct({ stock: 500 }))),
      http.put('*/api/cart', () => ((saves += 1), refusal(404, 'PRODUCT_NOT_FOUND', messages.productNotFound, { 'lines.0.productId': messages.productNotFound }))),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    const form = within(await screen.findByRole('form', { name: 'Add to cart' }));
    const button = form.getByRole('button', { name: 'Add to cart' });
    await expect.poll(() => button).toBeEnabled();
    await user.click(button);
    expect(await form.findByRole('alert')).toHaveTextContent(messages.productNotFound);
    expect(form.getByLabelText('Quantity for the cart')).toHaveAttribute('aria-invalid', 'true');
    await user.click(button);
    await expect.poll(() => saves).toBe(2);
  });
});
