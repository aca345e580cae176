import { http } from 'msw';
import type { OrderDto, ProductDto, QuantityAdviceDto, UploadDto } from '#http/dto.ts';
import { adviseQuantity } from '#domain/catalog/quantity-advice.ts';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { admin, customer, makeOrder, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const productOnServer = (stock: number) => {
  const state = { product: makeProduct({ stock }) };
  server.use(http.get('*/api/products/:id', () => json<ProductDto>(state.product)));
  return state;
};

describe('product page', () => {
  it('refuses 99 units with the minimum message and more than the stock with the stock message', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    const { screen, user } = renderApp('/product/p_wrench');
    const quantity = await screen.findByLabelText('Quantity');
    expect(quantity).toHaveValue('100');
    await user.clear(quantity);
    await user.type(quantity, '99');
    await user.tab();
    expect(await screen.findByText(messages.lineBelowMinimum(100))).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining(messages.lineBelowMinimum(100)));
    await user.clear(quantity);
    await user.type(quantity, '501');
    await user.tab();
    expect(await screen.findByText(messages.lineAboveStock(500))).toBeInTheDocument();
  });

  it("checks the product's own minimum and packs, as placeOrder does: 100 and 260 refused, 300 ordered", async () => {
    session.current = meOf(customer);
    const product = makeProduct({ stock: 1000, minOrderQuantity: 250, packSize: 50 });
    let sent: unknown;
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(product)),
      http.get('*/api/products/:id/quantity-advice', ({ request }) =>
        json<QuantityAdviceDto>(adviseQuantity(product, Number(new URL(request.url).searchParams.get('quantity')))),
      ),
      http.post('*/api/orders', async ({ request }) => {
        sent = await request.json();
        return json<OrderDto>(makeOrder({ id: 'o_new', quantity: 300, totalCents: 375_000 }), { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    expect(await screen.findByText('Minimum Order Quantity: 250 pieces')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone Number'), '555 123 4567');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    const quantity = screen.getByLabelText('Quantity');

    // 100 is the shop-wide floor, not this product's minimum.
    expect(quantity).toHaveValue('250');
    await user.clear(quantity);
    await user.type(quantity, '100');
    await user.click(screen.getByRole('button', { name: labels.purchaseNow }));
    expect(await screen.findByText(messages.lineBelowMinimum(250))).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining(messages.lineBelowMinimum(250)));
    await user.clear(quantity);
    await user.type(quantity, '260');
    await user.click(screen.getByRole('button', { name: labels.purchaseNow }));
    expect(await screen.findByText(messages.lineNotPackMultiple(50))).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining(messages.lineNotPackMultiple(50)));
    expect(sent).toBeUndefined();

    await user.clear(quantity);
    await user.type(quantity, '300');
    await user.click(screen.getByRole('button', { name: labels.purchaseNow }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.orderPlaced);
    expect(sent).toEqual({ productId: 'p_wrench', quantity: 300, phone: '555 123 4567', address: '1 Dock Road' });
  });

  it('asks an unverified buyer to verify instead of offering Purchase Now, and sends a new link', async () => {
    session.current = meOf({ ...customer, emailVerified: false });
    productOnServer(500);
    let resent = 0;
    server.use(
      http.post('*/api/auth/verify-email/resend', () => {
        resent += 1;
        return new Response(null, { status: 202 });
      }),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    expect(await screen.findByText(messages.verifyBeforeOrdering)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: labels.purchaseNow })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.resendVerification }));
    expect(await screen.findByText(messages.verificationSent)).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('keeps the buyer signed in when the server refuses an order for an unverified e-mail, and shows why', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    server.use(http.post('*/api/orders', () => refusal(403, 'EMAIL_NOT_VERIFIED', messages.verifyBeforeOrdering)));
    const { screen, user, history } = renderApp('/product/p_wrench');
    await user.type(await screen.findByLabelText('Phone Number'), '5550102030');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '150');
    await user.click(screen.getByRole('button', { name: labels.purchaseNow }));
    expect(await screen.findAllByText(messages.verifyBeforeOrdering)).not.toHaveLength(0);
    expect(screen.queryByText(messages.sessionExpired)).not.toBeInTheDocument();
    expect(history.location.pathname).toBe('/product/p_wrench');
  });

  it('shows a visitor the whole product, and asks them to log in only to order, coming back here afterwards', async () => {
    session.current = null;
    productOnServer(500);
    const { screen, user, history } = renderApp('/product/p_wrench');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipe Wrench 14"' })).toBeInTheDocument();
    expect(screen.getByText('Available Quantity: 500 pieces')).toBeInTheDocument();
    const invitation = within(screen.getByText(labels.signInToOrder).parentElement!);
    expect(screen.queryByRole('button', { name: labels.purchaseNow })).not.toBeInTheDocument();
    await user.click(invitation.getByRole('link', { name: 'Login' }));
    await expect.poll(() => history.location.pathname).toBe('/login');
    expect(history.location.search).toContain('redirect=%2Fproduct%2Fp_wrench');
    expect(await screen.findByRole('status')).toHaveTextContent(labels.signInToOrder);
  });

  it('says there is not enough stock for a minimum order instead of showing a form that cannot succeed', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/products/:id', () => json<ProductDto>(makeProduct({ stock: 60, minOrderQuantity: 100 }))));
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByText(labels.notEnoughForMinimum(60, 100))).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
  });

  it('fills the phone and address in from the buyer\'s profile', async () => {
    session.current = {
      user: customer,
      profile: { name: customer.name, email: customer.email, imageUrl: '', phone: '+15550102030', education: '', linkedin: '', facebook: '', address: '7 Quay Lane, Leith', companyName: '', jobTitle: '', taxNumber: '' },
    };
    productOnServer(500);
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByLabelText('Phone Number')).toHaveValue('+15550102030');
    expect(screen.getByLabelText('Address')).toHaveValue('7 Quay Lane, Leith');
    expect(screen.getByLabelText('Quantity')).toHaveValue('100');
  });

  it('shows the product, the minimum note and a live total', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    const { screen, user } = renderApp('/product/p_wrench');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipe Wrench 14"' })).toBeInTheDocument();
    expect(screen.getByText('Available Quantity: 500 pieces')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity: 100 pieces')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '150');
    expect(screen.getByText('Total: $1,875.00')).toBeInTheDocument();
  });

  it('places the order with an Idempotency-Key, toasts, closes the form into Pay Now, shows the fresh stock, and reopens it at one minimum order', async () => {
    session.current = meOf(customer);
    const state = productOnServer(500);
    let request: { body: unknown; key: string | null } | undefined;
    server.use(
      http.post('*/api/orders', async ({ request: sent }) => {
        request = { body: await sent.json(), key: sent.headers.get('Idempotency-Key') };
        state.product = { ...state.product, stock: 350 };
        return json<OrderDto>(makeOrder({ id: 'o_new', quantity: 150, totalCents: 187_500 }), { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.type(await screen.findByLabelText('Phone Number'), '555 123 4567');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '150');
    await user.click(screen.getByRole('button', { name: 'Purchase Now' }));
    const placed = await screen.findByRole('status');
    expect(placed).toHaveTextContent(messages.orderPlaced);
    expect(placed).toHaveTextContent('Order BH-2026-000001: 150 pieces of Pipe Wrench 14" at $12.50 per piece, total $1,875.00');
    expect(within(placed).getByRole('link', { name: labels.payNow })).toHaveAttribute('href', '/dashboard/payment/o_new');
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(await screen.findByText('Available Quantity: 350 pieces')).toBeInTheDocument();
    await user.click(within(placed).getByRole('button', { name: labels.orderAgain }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('100');
    expect(request?.body).toEqual({ productId: 'p_wrench', quantity: 150, phone: '555 123 4567', address: '1 Dock Road' });
    expect(request?.key).toMatch(/^[\w-]{20,}$/);
  });

  it('shows a server field error under its field', async () => {
    session.current = meOf(customer);
    productOnServer(500);
    server.use(
      http.post('*/api/orders', () =>
        // What placeOrder answers when the stock ran out meanwhile: the quantity field says so.
        refusal(409, 'INSUFFICIENT_STOCK', messages.insufficientStock, { quantity: messages.aboveStock }),
      ),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.type(await screen.findByLabelText('Phone Number'), '5551234567');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '400');
    await user.click(screen.getByRole('button', { name: 'Purchase Now' }));
    await screen.findAllByText(messages.aboveStock);
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(expect.stringContaining(messages.aboveStock));
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

  it('gives an admin the Edit Product form instead of the purchase form, filled with the current values', async () => {
    session.current = meOf(admin);
    productOnServer(500);
    const { screen } = renderApp('/product/p_wrench');
    const form = within(await screen.findByRole('form', { name: labels.editProduct }));
    expect(screen.getByRole('button', { name: labels.purchaseNow })).toBeDisabled();
    expect(screen.getByRole('button', { name: labels.purchaseNow })).toHaveAccessibleDescription(`${messages.adminCannotBuy}.`);
    expect(screen.queryByRole('form', { name: 'Purchase' })).not.toBeInTheDocument();
    expect(form.getByLabelText('Product name')).toHaveValue('Pipe Wrench 14"');
    expect(form.getByLabelText('Price')).toHaveValue('12.50');
    expect(form.getByLabelText('Quantity')).toHaveValue('500');
    expect(form.getByLabelText('Description')).toHaveValue(makeProduct().description);
    expect(form.getByText(labels.imageHint)).toBeInTheDocument();
  });

  it('checks the typed numbers and the image size before sending anything', async () => {
    session.current = meOf(admin);
    productOnServer(500);
    let requests = 0;
    server.use(
      http.post('*/api/uploads', () => {
        requests += 1;
        return json<UploadDto>({ url: '/uploads/x.png' }, { status: 201 });
      }),
      http.patch('*/api/products/:id', () => {
        requests += 1;
        return json<ProductDto>(makeProduct());
      }),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.type(await screen.findByLabelText('Price'), 'twelve');
    await user.type(screen.getByLabelText('Quantity'), '1.5');
    await user.upload(screen.getByLabelText('New image (optional)'), new File([new Uint8Array(1_000_000)], 'huge.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: labels.saveEdit }));
    expect(await screen.findByText(messages.priceNotNumber)).toBeInTheDocument();
    expect(screen.getByText(messages.quantityNotWhole)).toBeInTheDocument();
    expect(screen.getByText(messages.imageTooLarge)).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(messages.priceNotNumber);
    expect(requests).toBe(0);
  });

  it('says so when nothing was changed', async () => {
    session.current = meOf(admin);
    productOnServer(500);
    const { screen, user } = renderApp('/product/p_wrench');
    await screen.findByLabelText('Price'); // holds the current values: saving them is no change
    await user.click(screen.getByRole('button', { name: labels.saveEdit }));
    expect(await screen.findByText(messages.nothingToUpdate)).toBeInTheDocument();
  });

  it('uploads a new image, patches only the changed fields, refreshes the product and toasts', async () => {
    session.current = meOf(admin);
    const state = productOnServer(500);
    let uploaded: File | undefined;
    let patch: unknown;
    server.use(
      http.post('*/api/uploads', async ({ request }) => {
        uploaded = (await request.formData()).get('image') as File;
        return json<UploadDto>({ url: '/uploads/new-wrench.png' }, { status: 201 });
      }),
      http.patch('*/api/products/:id', async ({ request }) => {
        patch = await request.json();
        state.product = { ...state.product, ...(patch as object) };
        return json<ProductDto>(state.product);
      }),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.clear(await screen.findByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '13.75');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '500'); // unchanged: not sent
    await user.upload(screen.getByLabelText('New image (optional)'), new File(['png bytes'], 'wrench.png', { type: 'image/png' }));
    expect(screen.getByText('Selected: wrench.png (1 kB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.saveEdit }));
    expect(await screen.findByText(messages.productUpdated)).toBeInTheDocument();
    expect(await uploaded?.text()).toBe('png bytes'); // the chosen file's bytes, in the multipart field `image`
    expect(patch).toEqual({ priceCents: 1375, imageUrl: '/uploads/new-wrench.png' });
    expect(await screen.findByText('Price: $13.75')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pipe Wrench 14"' })).toHaveAttribute('src', '/uploads/new-wrench.png?w=640');
    // The form now holds the saved values.
    expect(screen.getByLabelText('Price')).toHaveValue('13.75');
  });

  it('shows the server refusal of an image under the image field', async () => {
    session.current = meOf(admin);
    productOnServer(500);
    server.use(
      http.post('*/api/uploads', () => refusal(415, 'UNSUPPORTED_MEDIA_TYPE', messages.imageUnsupported)),
    );
    const { screen, user } = renderApp('/product/p_wrench');
    await user.upload(await screen.findByLabelText('New image (optional)'), new File(['not really'], 'notes.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: labels.saveEdit }));
    expect(await screen.findAllByText(messages.imageUnsupported)).toHaveLength(2); // toast and field
    expect(screen.getByLabelText('New image (optional)')).toHaveAccessibleDescription(expect.stringContaining(messages.imageUnsupported));
  });
});
