import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CartDto, OrderDto, PaymentIntentDto } from '#http/dto.ts';
import type { CompanyViewDto } from '../../components/company/types.ts';
import { customer, makeOrder, meOf } from '../../test/fixtures.ts';
import { makeCompanyView, site } from '../../test/company-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server, session } from '../../test/server.ts';

const cart: CartDto = {
  lines: [
    {
      productId: 'p_bolt',
      sku: 'M8-BOLT-40',
      name: 'M8 bolt 40 mm',
      imageUrl: '/demo/hex-bolt.svg',
      unit: 'piece',
      stock: 5_000,
      minOrderQuantity: 200,
      packSize: 50,
      priceTiers: [],
      quantity: 400,
      unitPriceCents: 100,
      lineTotalCents: 40_000,
      advice: { quantity: 400, valid: true, problems: [], unitPriceCents: 100, lineTotalCents: 40_000, nextBreak: null, suggestions: { roundedToPack: 400, minimum: 200, maxAvailable: 5_000 } },
      message: null,
      suggestion: null,
    },
  ],
  lineCount: 1,
  itemCount: 400,
  totalCents: 40_000,
  orderable: true,
};

describe("Checkout's company sites (docs/companies.md, \"Sites\")", () => {
  it("fills the ship-to from the company site a member picks, and places the order with it", async () => {
    session.current = meOf(customer);
    const placed: unknown[] = [];
    server.use(
      http.get('*/api/cart', () => json<CartDto>(cart)),
      http.get('*/api/company', () => json<CompanyViewDto>(makeCompanyView())),
      http.post('*/api/orders', async ({ request }) => {
        placed.push(await request.json());
        return json<OrderDto>(makeOrder({ id: 'o_9' }), { status: 201 });
      }),
      http.get('*/api/orders/:id', () => json<OrderDto>(makeOrder({ id: 'o_9' }))),
      http.post('*/api/orders/:id/payment-intent', () => json<PaymentIntentDto>({ provider: 'test', clientSecret: 'pi_9_secret', publishableKey: null, amountCents: 40_000 })),
    );
    const { screen, user, history } = renderApp('/cart');
    // By label: a role query walks the whole cart page, slow on a busy machine.
    const picker = await screen.findByLabelText('Deliver to a site of Acme Builders');
    await user.selectOptions(picker, 'Riverside depot');
    expect(screen.getByLabelText('Phone Number')).toHaveValue(site.phone);
    expect(screen.getByLabelText('Address')).toHaveValue('Gate office\n12 River Road, Springfield');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/payment/o_9');
    expect(placed[0]).toMatchObject({ phone: site.phone, address: 'Gate office\n12 River Road, Springfield' });
  });

  it('marks a member-priced line "Your price" with the list price struck beside it', async () => {
    session.current = meOf(customer);
    const [line] = cart.lines;
    // The server adds the list price beside a member's own (docs/companies.md, "Company prices").
    const memberLine = { ...line!, unitPriceCents: 90, lineTotalCents: 36_000, listUnitPriceCents: 100 };
    server.use(http.get('*/api/cart', () => json<CartDto>({ ...cart, lines: [memberLine], totalCents: 36_000 })));
    const { screen } = renderApp('/cart');
    const item = await screen.findByRole('listitem', { name: 'Line 1: M8 bolt 40 mm' });
    expect(item).toHaveTextContent('Your price$0.90 per piece List price $1.00');
    expect(item.querySelector('s')).toHaveTextContent('$1.00');
  });

  it('offers no site picker to a user without a company', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/cart', () => json<CartDto>(cart)));
    const { screen, queryClient } = renderApp('/cart');
    await screen.findByLabelText('Address');
    await expect.poll(() => queryClient.getQueryState(['company', 'mine'])?.status).toBe('success');
    expect(screen.queryByLabelText(/Deliver to a site/)).toBeNull();
  });
});
