import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { OrderDto, RefundDto } from '#http/dto.ts';
import { admin, errorBody, makeOrder, makeThreeLineOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const refundOf = (order: OrderDto, amountCents: number, number = 'CN-2026-000001'): RefundDto => ({
  id: 'rf_1',
  orderId: order.id,
  number,
  amountCents,
  lines: [],
  reason: 'Damaged',
  source: 'shop',
  createdAt: '2026-11-27T10:00:00.000Z',
});

/** The admin's order list over a mutable list, so an action's refetch shows its effect. */
function serveOrders(orders: OrderDto[]) {
  const state = { orders };
  server.use(http.get('*/api/admin/orders', () => HttpResponse.json({ items: state.orders, nextCursor: null, total: state.orders.length })));
  return state;
}

describe('Manage All Orders: cancel and refund', () => {
  it('cancels a pending order with a reason, restocking by default, and the row then reads cancelled', async () => {
    session.current = meOf(admin);
    const state = serveOrders([makeThreeLineOrder({ id: 'o_paid', status: 'pending', transactionId: 'pi_1' })]);
    let body: unknown;
    server.use(
      http.post('*/api/admin/orders/:id/cancel', async ({ params, request }) => {
        body = await request.json();
        const order = { ...state.orders[0]!, status: 'cancelled' as const, refundedCents: 252_100 };
        state.orders = [order];
        expect(params.id).toBe('o_paid');
        return HttpResponse.json({ order, refund: refundOf(order, 252_100) });
      }),
    );
    const { screen, user } = renderApp('/dashboard/allOrders');
    await user.click(await screen.findByRole('button', { name: 'Cancel order BH-2026-000042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order BH-2026-000042' }));
    expect(dialog.getByText(/gets back \$2,521\.00/)).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Put the units back in stock' })).toBeChecked();
    // The reason is required, as the server says.
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    expect(await dialog.findByText(messages.reasonRequired)).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.type(dialog.getByLabelText(/^Reason/), 'Buyer asked to cancel');
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText(messages.orderCancelledRefunded('CN-2026-000001'))).toBeInTheDocument();
    expect(body).toEqual({ reason: 'Buyer asked to cancel', restock: true });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(await within(screen.getByRole('table')).findByText(labels.orderCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund order/ })).toBeNull();
    expect(screen.getByText(`${labels.refunded} $2,521.00`)).toBeInTheDocument();
  });

  it('refunds chosen units of a shipped order at the price paid, and the row shows what was refunded', async () => {
    session.current = meOf(admin);
    const state = serveOrders([makeThreeLineOrder({ id: 'o_shipped', status: 'shipped', transactionId: 'pi_2' })]);
    let body: unknown;
    server.use(
      http.post('*/api/admin/orders/:id/refunds', async ({ request }) => {
        body = await request.json();
        state.orders = [{ ...state.orders[0]!, refundedCents: 17_800 }];
        return HttpResponse.json(refundOf(state.orders[0]!, 17_800, 'CN-2026-000007'), { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/allOrders');
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Refund order BH-2026-000042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order BH-2026-000042' }));
    // Nothing chosen: said in the dialog, focused, and nothing is sent.
    await user.type(dialog.getByLabelText(/^Reason/), 'Two reels arrived cut');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(messages.refundNothingChosen);
    expect(dialog.getByRole('alert')).toHaveFocus();
    expect(body).toBeUndefined();
    // More than was ordered is refused before sending.
    await user.type(dialog.getByLabelText(/^Copper Wire 2\.5 mm/), '5');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(messages.afterSaleQuantity(4))).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.clear(dialog.getByLabelText(/^Copper Wire 2\.5 mm/));
    await user.type(dialog.getByLabelText(/^Copper Wire 2\.5 mm/), '2');
    await user.click(dialog.getByRole('checkbox', { name: 'Put the refunded units back in stock' }));
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(messages.refundRecorded('CN-2026-000007'))).toBeInTheDocument();
    expect(body).toEqual({ lines: [{ productId: 'p_wire', quantity: 2 }], reason: 'Two reels arrived cut', restock: true });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(`${labels.refunded} $178.00`)).toBeInTheDocument();
  });

  it('keeps a refusal in the dialog, focused: more than is left to refund, and a field problem on the line the server named', async () => {
    session.current = meOf(admin);
    serveOrders([makeOrder({ id: 'o_paid', number: 'BH-2026-000050', status: 'pending', transactionId: 'pi_3', refundedCents: 100_000 })]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/orders/:id/refunds', async ({ request }) => {
        const body = (await request.json()) as { amountCents?: number };
        bodies.push(body);
        if (body.amountCents !== undefined) return HttpResponse.json(errorBody('REFUND_EXCEEDS_PAID', messages.refundExceedsPaid(87_500)), { status: 409 });
        return HttpResponse.json(errorBody('VALIDATION_FAILED', 'Please check the fields', { 'lines.0.quantity': messages.afterSaleQuantity(30) }), { status: 400 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/allOrders');
    expect(await screen.findByText(`${labels.refunded} $1,000.00`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund order BH-2026-000050' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order BH-2026-000050' }));
    expect(dialog.getByText(/at most \$875\.00 can go back/)).toBeInTheDocument();
    // An amount past what is left is refused here first.
    await user.type(dialog.getByLabelText('Amount in dollars (optional)'), '900');
    await user.type(dialog.getByLabelText(/^Reason/), 'Goodwill');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(messages.refundAmountUpTo('$875.00'))).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    // The server still has the last word (another refund may have landed meanwhile).
    await user.clear(dialog.getByLabelText('Amount in dollars (optional)'));
    await user.type(dialog.getByLabelText('Amount in dollars (optional)'), '800');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect.poll(() => dialog.queryByRole('alert')?.textContent).toBe(messages.refundExceedsPaid(87_500));
    expect(dialog.getByRole('alert')).toHaveFocus();
    expect(bodies[0]).toEqual({ lines: null, amountCents: 80_000, reason: 'Goodwill', restock: false });
    // A line's problem goes under that line.
    await user.clear(dialog.getByLabelText('Amount in dollars (optional)'));
    await user.type(dialog.getByLabelText(/^Pipe Wrench/), '40');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(messages.afterSaleQuantity(30))).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the payment provider's refusal (502 REFUND_REFUSED) in the Cancel dialog, focused, and the order stays as it was", async () => {
    session.current = meOf(admin);
    serveOrders([makeOrder({ id: 'o_paid', number: 'BH-2026-000051', status: 'pending', transactionId: 'pi_4' })]);
    server.use(http.post('*/api/admin/orders/:id/cancel', () => HttpResponse.json(errorBody('REFUND_REFUSED', messages.refundRefused['not-paid']), { status: 502 })));
    const { screen, user } = renderApp('/dashboard/allOrders');
    await user.click(await screen.findByRole('button', { name: 'Cancel order BH-2026-000051' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order BH-2026-000051' }));
    await user.type(dialog.getByLabelText(/^Reason/), 'Out of stock at the supplier');
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    await expect.poll(() => dialog.queryByRole('alert')?.textContent).toBe(messages.refundRefused['not-paid']);
    expect(dialog.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { hidden: true })).queryByText(labels.orderCancelled)).toBeNull();
  });
});
