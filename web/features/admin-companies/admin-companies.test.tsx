import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { AdminOrdersDto, ListDto, ProductSuggestionDto } from '#http/dto.ts';
import type { AdminCompanyDetailDto, AdminCompanyDto, CompanyDto, ContractPriceDto } from '../../components/company/types.ts';
import { admin, meOf } from '../../test/fixtures.ts';
import { awaitingOrder, buyer, makeCompanyView, manager, site } from '../../test/company-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const company = makeCompanyView().company;
const wrenchPrice: ContractPriceDto = { productId: 'p_wrench', sku: 'BH-000001', name: 'Pipe Wrench 14"', listPriceCents: 1250, unitPriceCents: 990 };

const adminCompanyOnServer = () => {
  const state = { searches: [] as string[], orderSearches: [] as string[], sent: [] as { method: string; path: string; body: unknown }[], prices: [wrenchPrice], refusePrices: false };
  server.use(
    http.get('*/api/admin/companies', ({ request }) => {
      state.searches.push(new URL(request.url).search);
      return json<ListDto<AdminCompanyDto>>({ items: [{ ...company, memberCount: 2 }], nextCursor: null });
    }),
    http.get('*/api/admin/companies/:id', () =>
      json<AdminCompanyDetailDto>({ company, members: [manager, buyer], addresses: [site], spentThisMonthCents: 545_000 }),
    ),
    http.get('*/api/admin/companies/:id/prices', () => json<{ items: ContractPriceDto[] }>({ items: state.prices })),
    http.put('*/api/admin/companies/:id/prices', async ({ request }) => {
      const body = (await request.json()) as { prices: { productId: string; unitPriceCents: number }[] };
      state.sent.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      if (state.refusePrices) return refusal(400, 'VALIDATION_FAILED', 'Some prices could not be saved', { 'prices.1.productId': 'No such product' });
      state.prices = body.prices.map((price) => ({ ...wrenchPrice, ...price, sku: price.productId === 'p_bolt' ? 'BH-000002' : wrenchPrice.sku }));
      return json<{ items: ContractPriceDto[] }>({ items: state.prices });
    }),
    http.patch('*/api/admin/companies/:id', async ({ request }) => {
      const body = await request.json();
      state.sent.push({ method: 'PATCH', path: new URL(request.url).pathname, body });
      return json<CompanyDto>({ ...company, discountPercent: 12 });
    }),
    http.get('*/api/admin/orders', ({ request }) => {
      state.orderSearches.push(new URL(request.url).search);
      return json<AdminOrdersDto>({ items: [awaitingOrder() as unknown as AdminOrdersDto['items'][number]], nextCursor: null, total: 1 });
    }),
    http.get('*/api/products/suggest', () =>
      json<ProductSuggestionDto[]>([{ id: 'p_bolt', sku: 'BH-000002', name: 'Hex Bolt M8', imageUrl: '/demo/hex-bolt.svg', priceCents: 1450 }]),
    ),
  );
  return state;
};

describe("The shop admin's company pages", () => {
  it('lists companies, searches them by name and opens one', async () => {
    session.current = meOf(admin);
    const state = adminCompanyOnServer();
    const { screen, user } = renderApp('/dashboard/companies');
    const list = await screen.findByRole('list', { name: 'Companies' });
    expect(within(list).getByText(/2 members · 5% off/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Company name' }), 'acme{Enter}');
    await expect.poll(() => state.searches.at(-1)).toBe('?limit=100&q=acme');
    // The search's answer is a new list.
    await user.click(within(await screen.findByRole('list', { name: 'Companies' })).getByRole('link', { name: 'Acme Builders' }));
    expect(await screen.findByRole('heading', { name: 'Acme Builders', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('$5,450.00')).toBeInTheDocument();
    expect(screen.getByText('bob@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Riverside depot')).toBeInTheDocument();
    expect(await screen.findByText(/BH-2026-000077/)).toBeInTheDocument();
    expect(screen.getByText('Awaiting approval')).toBeInTheDocument();
    expect(state.orderSearches.at(-1)).toBe('?limit=50&companyId=c_acme');
  });

  it('sets the discount, checking it is 0 to 50 first', async () => {
    session.current = meOf(admin);
    const state = adminCompanyOnServer();
    const { screen, user } = renderApp('/dashboard/companies/c_acme');
    const discount = await screen.findByLabelText('Discount (%)');
    await user.clear(discount);
    await user.type(discount, '75');
    await user.click(screen.getByRole('button', { name: 'Save discount' }));
    expect(await screen.findByText('Enter a whole percentage from 0 to 50')).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);
    await user.clear(discount);
    await user.type(discount, '12');
    await user.click(screen.getByRole('button', { name: 'Save discount' }));
    await expect.poll(() => state.sent.at(-1)).toEqual({ method: 'PATCH', path: '/api/admin/companies/c_acme', body: { discountPercent: 12 } });
  });

  it('edits the contract price list: adds a product by SKU, prices it, removes one, and saves the whole list', async () => {
    session.current = meOf(admin);
    const state = adminCompanyOnServer();
    const { screen, user } = renderApp('/dashboard/companies/c_acme');
    const list = await screen.findByRole('list', { name: 'Contract prices' });
    expect(within(list).getByLabelText('Price ($) of BH-000001')).toHaveValue('9.90');

    await user.type(screen.getByRole('combobox', { name: 'Add a product by SKU or name' }), 'bh-000002{Enter}');
    const bolt = await within(list).findByLabelText('Price ($) of BH-000002');
    await user.click(screen.getByRole('button', { name: 'Save contract prices' }));
    expect(await screen.findByText('Enter a price of at least $0.01 for BH-000002')).toBeInTheDocument();
    expect(bolt).toHaveFocus();
    expect(state.sent).toHaveLength(0);

    await user.type(bolt, '12.75');
    state.refusePrices = true;
    await user.click(screen.getByRole('button', { name: 'Save contract prices' }));
    expect(await screen.findByText('Some prices could not be saved: No such product')).toBeInTheDocument();

    state.refusePrices = false;
    await user.click(within(list).getByRole('button', { name: 'Remove BH-000001' }));
    await user.click(screen.getByRole('button', { name: 'Save contract prices' }));
    await expect.poll(() => state.sent.at(-1)?.body).toEqual({ prices: [{ productId: 'p_bolt', unitPriceCents: 1275 }] });
    expect(within(list).queryByLabelText('Price ($) of BH-000001')).toBeNull();
  });
});
