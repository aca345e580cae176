import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { CartDto, CartLineDto, OrderDto, PaymentIntentDto, ProductDto, ResolvedListDto, ResolvedRowDto } from '#http/dto.ts';
import { labels } from '../../lib/labels.ts';
import { messages } from '../../lib/messages.ts';
import { customer, makeOrder, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const bolt = makeProduct({ id: 'p_bolt', sku: 'M8-BOLT-40', name: 'M8 bolt 40 mm', priceCents: 100, packSize: 50, minOrderQuantity: 200, stock: 5_000, priceTiers: [{ minQuantity: 1_000, unitPriceCents: 80 }] });

const cartLine = (overrides: Partial<CartLineDto> = {}): CartLineDto => ({
  productId: bolt.id,
  sku: bolt.sku,
  name: bolt.name,
  imageUrl: bolt.imageUrl,
  unit: 'piece',
  stock: 5_000,
  minOrderQuantity: 200,
  packSize: 50,
  priceTiers: bolt.priceTiers,
  quantity: 400,
  unitPriceCents: 100,
  lineTotalCents: 40_000,
  advice: { quantity: 400, valid: true, problems: [], unitPriceCents: 100, lineTotalCents: 40_000, nextBreak: null, suggestions: { roundedToPack: 400, minimum: 200, maxAvailable: 5_000 } },
  message: null,
  suggestion: null,
  ...overrides,
});
const cartOf = (lines: CartLineDto[]): CartDto => ({
  lines,
  lineCount: lines.length,
  itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  orderable: lines.every((line) => line.advice.valid),
});

beforeEach(() => localStorage.clear());

describe('cart page', () => {
  it('prices a visitor’s browser cart with the product’s tiers and asks them to log in to order', async () => {
    localStorage.setItem('bulkhead.cart', JSON.stringify([{ productId: bolt.id, quantity: 1_000 }]));
    server.use(http.get('*/api/products/:id', () => json<ProductDto>(bolt)));
    const { screen } = renderApp('/cart');
    const line = await screen.findByRole('listitem', { name: 'Line 1: M8 bolt 40 mm' });
    expect(line).toHaveTextContent('$0.80 per piece');
    expect(line).toHaveTextContent('$800.00');
    expect(screen.getByRole('link', { name: 'Cart 1 line' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Login' }).map((link) => link.getAttribute('href'))).toContain('/login?redirect=%2Fcart');
  });

  it('steps a signed-in buyer’s line by whole packs and saves the cart on the server', async () => {
    session.current = meOf(customer);
    let saved: unknown = null;
    server.use(
      http.get('*/api/cart', () => json<CartDto>(cartOf([cartLine()]))),
      http.put('*/api/cart', async ({ request }) => {
        saved = await request.json();
        return json<CartDto>(cartOf([cartLine({ quantity: 450, lineTotalCents: 45_000 })]));
      }),
    );
    const { screen, user } = renderApp('/cart');
    const line = await screen.findByRole('listitem', { name: 'Line 1: M8 bolt 40 mm' });
    await user.click(within(line).getByRole('button', { name: '50 pieces more' }));
    await expect.poll(() => saved).toEqual({ lines: [{ productId: bolt.id, quantity: 450 }] });
    expect(await within(line).findByDisplayValue('450')).toBeInTheDocument();
  });

  it('places the cart as one order with the PO number; a refusal names the short line at the top, takes focus there, and the line is fixed in one click', async () => {
    session.current = { ...meOf(customer), profile: { imageUrl: '', phone: '+15550102030', education: '', linkedin: '', facebook: '', address: '1 Dock Road', companyName: '', jobTitle: '', taxNumber: '', name: customer.name, email: customer.email } as never };
    const nut = (quantity: number, stock: number) =>
      cartLine({
        productId: 'p_nut',
        sku: 'M8-NUT',
        name: 'M8 nut',
        quantity,
        stock,
        unitPriceCents: 20,
        lineTotalCents: quantity * 20,
        ...(quantity > stock
          ? {
              advice: { quantity, valid: false, problems: ['ABOVE_STOCK'], unitPriceCents: 20, lineTotalCents: quantity * 20, nextBreak: null, suggestions: { roundedToPack: quantity, minimum: 200, maxAvailable: stock } },
              message: messages.lineAboveStock(stock),
              suggestion: { quantity: stock, reason: 'stock' as const },
            }
          : {}),
      });
    const placed: unknown[] = [];
    const saved: unknown[] = [];
    let current = cartOf([cartLine(), nut(300, 5_000)]);
    server.use(
      http.get('*/api/cart', () => json<CartDto>(current)),
      http.put('*/api/cart', async ({ request }) => {
        saved.push(await request.json());
        current = cartOf([cartLine(), nut(250, 250)]);
        return json<CartDto>(current);
      }),
      http.post('*/api/orders', async ({ request }) => {
        placed.push(await request.json());
        if (placed.length === 1) {
          // Someone took the nuts meanwhile: the cart read again says so.
          current = cartOf([cartLine(), nut(300, 250)]);
          return refusal(409, 'INSUFFICIENT_STOCK', messages.insufficientStock, { 'lines.1.quantity': messages.lineAboveStock(250) });
        }
        return json<OrderDto>(makeOrder({ id: 'o_9' }), { status: 201 });
      }),
      http.get('*/api/orders/:id', () => json<OrderDto>(makeOrder({ id: 'o_9' }))),
      http.post('*/api/orders/:id/payment-intent', () => json<PaymentIntentDto>({ provider: 'test', clientSecret: 'pi_9_secret', publishableKey: null, amountCents: 46_000 })),
    );
    const { screen, user, history } = renderApp('/cart');
    await screen.findByRole('listitem', { name: 'Line 2: M8 nut' });
    expect(screen.queryByRole('heading', { name: /need attention/ })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('PO number (optional)'), 'PO-7781');
    await user.click(screen.getByRole('button', { name: /Place order/ }));

    const summary = await screen.findByRole('heading', { name: labels.linesNeedAttention(1) });
    await waitFor(() => expect(summary).toHaveFocus());
    const status = screen.getAllByRole('status').find((region) => region.contains(summary))!;
    expect(status).toHaveTextContent(`Line 2, M8 nut: ${messages.lineAboveStock(250)}`);
    expect(status).toHaveTextContent(messages.insufficientStock);
    expect(screen.getByRole('button', { name: /Place order/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Place order/ })).toHaveAccessibleDescription(labels.placeOrderBlocked(1));
    expect(placed[0]).toEqual({
      lines: [
        { productId: bolt.id, quantity: 400 },
        { productId: 'p_nut', quantity: 300 },
      ],
      phone: '+15550102030',
      address: '1 Dock Road',
      poNumber: 'PO-7781',
      note: null,
    });

    await user.click(await within(status).findByRole('button', { name: `${labels.setToAvailable} (250 pieces): M8 nut` }));
    await expect.poll(() => saved[0]).toEqual({ lines: [{ productId: bolt.id, quantity: 400 }, { productId: 'p_nut', quantity: 250 }] });
    await waitFor(() => expect(screen.queryByRole('heading', { name: /need attention/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Place order/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/payment/o_9');
  });

  it('sums up the lines over stock at the top, keeps Place order disabled with the reason, and fixes them all in one click', async () => {
    session.current = meOf(customer);
    const short = cartLine({
      productId: 'p_nut',
      name: 'M8 nut',
      quantity: 600,
      stock: 250,
      advice: { quantity: 600, valid: false, problems: ['ABOVE_STOCK'], unitPriceCents: 100, lineTotalCents: 60_000, nextBreak: null, suggestions: { roundedToPack: 600, minimum: 200, maxAvailable: 250 } },
      message: messages.lineAboveStock(250),
      suggestion: { quantity: 250, reason: 'stock' },
    });
    const gone = cartLine({
      productId: 'p_tap',
      name: 'Basin tap',
      quantity: 200,
      stock: 0,
      advice: { quantity: 200, valid: false, problems: ['ABOVE_STOCK'], unitPriceCents: 100, lineTotalCents: 20_000, nextBreak: null, suggestions: { roundedToPack: 200, minimum: 200, maxAvailable: null } },
      message: messages.lineAboveStock(0),
      suggestion: null,
    });
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/cart', () => json<CartDto>(cartOf([cartLine(), short, gone]))),
      http.put('*/api/cart', async ({ request }) => {
        const body = (await request.json()) as { lines: { productId: string; quantity: number }[] };
        saved.push(body);
        return json<CartDto>(cartOf([cartLine(), short, gone].filter((line) => body.lines.some((kept) => kept.productId === line.productId))));
      }),
    );
    const { screen, user } = renderApp('/cart');
    const heading = await screen.findByRole('heading', { name: labels.linesNeedAttention(2) });
    const status = screen.getAllByRole('status').find((region) => region.contains(heading))!;
    expect(status).toHaveTextContent(`Line 2, M8 nut: ${messages.lineAboveStock(250)}`);
    expect(status).toHaveTextContent(`Line 3, Basin tap: ${messages.lineAboveStock(0)}`);
    // The sold-out line has no quantity to set: only removing it helps.
    expect(within(status).getAllByRole('button', { name: /Basin tap$/ }).map((button) => button.textContent)).toEqual(['Remove']);
    expect(within(status).getByRole('button', { name: `${labels.setToAvailable} (250 pieces): M8 nut` })).toBeEnabled();
    const place = screen.getByRole('button', { name: /Place order/ });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(labels.placeOrderBlocked(2));

    await user.click(within(status).getByRole('button', { name: labels.setAllToAvailable }));
    await expect.poll(() => saved[0]).toEqual({ lines: [{ productId: bolt.id, quantity: 400 }, { productId: 'p_nut', quantity: 250 }, { productId: 'p_tap', quantity: 200 }] });
    await user.click(within(status).getByRole('button', { name: labels.removeLinesNeedingAttention(2) }));
    await expect.poll(() => saved[1]).toEqual({ lines: [{ productId: bolt.id, quantity: 400 }] });
    await waitFor(() => expect(screen.queryByRole('heading', { name: /need attention/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Place order/ })).toBeEnabled();
  });

  it('skips from the top of the cart to the order summary, a few Tabs from Place order however many lines', async () => {
    session.current = meOf(customer);
    const lines = Array.from({ length: 12 }, (_, index) => cartLine({ productId: `p_${index}`, name: `Part ${index + 1}` }));
    server.use(http.get('*/api/cart', () => json<CartDto>(cartOf(lines))));
    const { screen, user } = renderApp('/cart');
    const firstLine = await screen.findByRole('listitem', { name: 'Line 1: Part 1' });
    const skip = screen.getByRole('link', { name: labels.skipToOrderSummary });
    // The skip link comes before the first line's controls, by keyboard alone.
    expect(skip.compareDocumentPosition(firstLine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    skip.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Order summary')).toHaveFocus();
    let tabs = 0;
    while (document.activeElement !== screen.getByRole('button', { name: /Place order/ }) && tabs < 20) {
      await user.tab();
      tabs += 1;
    }
    // Phone, address, PO number, note, Place order: not the 5 controls of each of 12 lines.
    expect(tabs).toBe(5);
  });

  it('gives the focus back to Place order when the server refuses it without naming a line', async () => {
    session.current = meOf(customer);
    let posted = 0;
    server.use(
      http.get('*/api/cart', () => json<CartDto>(cartOf([cartLine()]))),
      http.post('*/api/orders', () => {
        posted += 1;
        // A browser drops the focus of a button disabled while its form is sent to <body>; jsdom
        // keeps it there (and will not blur a disabled button), so the focus is taken away here.
        const elsewhere = document.body.appendChild(document.createElement('input'));
        elsewhere.focus();
        elsewhere.remove();
        return refusal(409, 'INSUFFICIENT_STOCK', messages.insufficientStock);
      }),
    );
    const { screen, user } = renderApp('/cart');
    const place = await screen.findByRole('button', { name: /Place order/ });
    await user.type(screen.getByLabelText('Phone Number'), '+15550102030');
    await user.type(screen.getByLabelText('Address'), '1 Dock Road');
    await user.click(place);
    await expect.poll(() => posted).toBe(1);
    expect(await screen.findByText(messages.insufficientStock)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(place));
    expect(place).toBeEnabled();
  });
});

describe('quick order page', () => {
  const row = (overrides: Partial<ResolvedRowDto>): ResolvedRowDto => ({
    line: 1,
    input: '',
    status: 'ok',
    productId: null,
    sku: null,
    name: null,
    unit: 'piece',
    quantity: null,
    suggestion: null,
    didYouMean: [],
    mergedInto: null,
    mergedLines: [],
    message: null,
    note: null,
    ...overrides,
  });

  it('reads a pasted list, fixes a row in one click, and puts the good rows in the cart', async () => {
    const sent: string[] = [];
    let cart: unknown = null;
    server.use(
      http.post('*/api/cart/resolve', async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        sent.push(text);
        const fixed = text.includes('M8-NUT-A2\t100');
        return json<ResolvedListDto>({
          rows: [
            row({ line: 1, input: 'M8-BOLT-40 1000', productId: bolt.id, sku: 'M8-BOLT-40', name: bolt.name, quantity: 1_000 }),
            fixed
              ? row({ line: 2, input: 'M8-NUT-A2\t100', productId: 'p_nut', sku: 'M8-NUT-A2', name: 'M8 nut', quantity: 100 })
              : row({ line: 2, input: 'M8-NTU-A2 100', status: 'unknown-sku', sku: 'M8-NTU-A2', quantity: 100, didYouMean: ['M8-NUT-A2'], message: messages.rowUnknownSku('M8-NTU-A2') }),
          ],
        });
      }),
      http.get('*/api/products/:id', ({ params }) => json<ProductDto>(makeProduct({ id: String(params.id) }))),
    );
    const { screen, user, history } = renderApp('/quickOrder');
    await user.type(await screen.findByLabelText('SKUs and quantities'), 'M8-BOLT-40 1000{enter}M8-NTU-A2 100');
    await user.click(screen.getByRole('button', { name: 'Check list' }));
    expect(await screen.findByText('1 of 2 rows ready')).toBeInTheDocument();
    expect(screen.getByText(messages.rowUnknownSku('M8-NTU-A2'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Line 2: did you mean M8-NUT-A2?' }));
    expect(await screen.findByText('2 of 2 rows ready')).toBeInTheDocument();
    expect(sent[1]).toBe('M8-BOLT-40 1000\nM8-NUT-A2\t100');

    await user.click(screen.getByRole('button', { name: 'Add 2 to cart' }));
    await expect.poll(() => history.location.pathname).toBe('/cart');
    cart = JSON.parse(localStorage.getItem('bulkhead.cart') ?? 'null');
    expect(cart).toEqual([
      { productId: bolt.id, quantity: 1_000 },
      { productId: 'p_nut', quantity: 100 },
    ]);
  });

  it('says why a list cannot be read at all', async () => {
    server.use(http.post('*/api/cart/resolve', () => refusal(400, 'VALIDATION_FAILED', messages.invalidInput, { text: messages.pastedListEmpty })));
    const { screen, user } = renderApp('/quickOrder');
    await user.click(await screen.findByRole('button', { name: 'Check list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.pastedListEmpty);
  });
});
