import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { userEvent } from '@testing-library/user-event';
import { within } from '@testing-library/react';
import type { SalesReportDto } from '#http/dto.ts';
import { admin, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server, session } from '../../test/server.ts';

const reportOf = (days: 30 | 90): SalesReportDto => ({
  days,
  perDay: Array.from({ length: days }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 30) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    orders: i === days - 1 ? 3 : 0,
    revenueCents: i === days - 1 ? 154_000 : 0,
    refundedCents: 0,
  })),
  // The 90 days hold a refund of $300.00: the net shows beside the gross.
  totals: { orders: days === 30 ? 3 : 9, revenueCents: days === 30 ? 154_000 : 480_000, refundedCents: days === 30 ? 0 : 30_000, netRevenueCents: days === 30 ? 154_000 : 450_000 },
  topProducts: [{ productId: 'p_bolt', sku: 'HB-M8', name: 'Hex Bolt M8', units: 2_400, revenueCents: 120_000 }],
  lowStock: [{ id: 'p_nut', sku: 'NUT-M8', name: 'Nylon Nut M8', stock: 0, minOrderQuantity: 100 }],
  awaitingShipment: 2,
});

describe('the admin overview’s sales (docs/reports.md, "Reports")', () => {
  it('shows the period’s revenue, the same numbers as a table, top products, products running out, and switches to 90 days', async () => {
    session.current = meOf(admin);
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/reports/sales', ({ request }) => {
        const days = new URL(request.url).searchParams.get('days') === '90' ? 90 : 30;
        asked.push(String(days));
        return json<SalesReportDto>(reportOf(days));
      }),
    );
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByText(/from 3 paid orders in the last 30 days/)).toHaveTextContent('$1,540.00 from 3 paid orders in the last 30 days');
    const table = screen.getByRole('table', { name: 'Paid orders and revenue per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: '2026-11-30 3 $1,540.00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hex Bolt M8' })).toHaveAttribute('href', '/product/p_bolt');
    expect(screen.getByText('Sold out (min. 100)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByText(/from 9 paid orders in the last 90 days/)).toHaveTextContent('$4,800.00 from 9 paid orders in the last 90 days · net $4,500.00 after $300.00 refunded');
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual(['30', '90']);
  });

  it('says a period without paid orders in a sentence, without a chart or table', async () => {
    session.current = meOf(admin);
    const empty = reportOf(30);
    server.use(
      http.get('*/api/admin/reports/sales', () =>
        json<SalesReportDto>({ ...empty, perDay: empty.perDay.map((day) => ({ ...day, orders: 0, revenueCents: 0 })), totals: { orders: 0, revenueCents: 0, refundedCents: 0, netRevenueCents: 0 }, topProducts: [] }),
      ),
    );
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByText('No paid orders in the last 30 days yet: the chart starts with the first payment.')).toBeInTheDocument();
    expect(screen.getByText(/from 0 paid orders in the last 30 days/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Paid orders and revenue per day' })).toBeNull();
    expect(screen.getByText('No paid orders in this period yet.')).toBeInTheDocument();
  });

  it('links the orders export to the chosen days', async () => {
    session.current = meOf(admin);
    const { screen } = renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Export orders (CSV)' });
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    expect(link.getAttribute('href')).toMatch(/^\/api\/admin\/orders\/export\.csv\?from=2026-01-01&to=\d{4}-\d{2}-\d{2}$/);
  });
});
