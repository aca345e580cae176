import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { labels } from '../../lib/labels.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { awaitingOrder } from '../../test/company-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

// A company buyer's order before payment (docs/companies.md, "Approvals"): the server sends these
// states once the approvals are in; the screens show them and never offer to pay.
const waiting = awaitingOrder({ email: customer.email, customerName: customer.name });
const rejected = awaitingOrder({
  id: 'o_rejected',
  number: 'BH-2026-000079',
  status: 'rejected',
  approval: { reason: 'over-limit', decidedBy: 'u_boss', decidedAt: '2026-11-21T10:00:00.000Z', rejectionReason: 'Order it next month' },
});

describe('Orders awaiting approval or rejected', () => {
  it('shows "Awaiting approval" and "Rejected: reason" on My Order, with no Pay Now for either', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/orders', () => HttpResponse.json({ items: [waiting, rejected], nextCursor: null })));
    const { screen } = renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: labels.myOrder });
    const [waitingRow, rejectedRow] = within(table).getAllByRole('row').slice(1).map((row) => within(row));
    expect(waitingRow?.getByText('Awaiting approval')).toBeInTheDocument();
    expect(waitingRow?.getByText('Payable once a manager approves it')).toBeInTheDocument();
    expect(rejectedRow?.getByText('Rejected: Order it next month')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: labels.payNow })).toBeNull();
    expect(within(table).queryByText(labels.paid)).toBeNull();
  });

  it("says on the order's page that a manager approves it first, with no card form", async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(waiting)));
    const { screen } = renderApp('/dashboard/payment/o_wait');
    expect(await screen.findByText(/A manager of your company approves this order before you can pay for it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it("shows a rejected order's reason on its page", async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(rejected)));
    const { screen } = renderApp('/dashboard/payment/o_rejected');
    expect(await screen.findByText('Rejected: Order it next month.')).toBeInTheDocument();
    expect(screen.queryByText(labels.paid)).toBeNull();
  });

  it('adds no second full stop after a reason that ends its own sentence', async () => {
    session.current = meOf(customer);
    const withStop = { ...rejected, approval: { ...rejected.approval, rejectionReason: 'Over budget.' } };
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(withStop)));
    const { screen } = renderApp('/dashboard/payment/o_rejected');
    expect(await screen.findByText('Rejected: Over budget.')).toBeInTheDocument();
  });
});
