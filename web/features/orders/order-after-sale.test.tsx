import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { OrderDto, ReturnDto } from '#http/dto.ts';
import { customer, errorBody, makeThreeLineOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const shippedOrder = (overrides: Partial<OrderDto> = {}) =>
  makeThreeLineOrder({ id: 'o_shipped', number: 'BH-2026-000042', status: 'shipped', transactionId: 'pi_1', paidAt: daysAgo(6), shippedAt: daysAgo(5), invoiceNumber: 'INV-2026-000009', ...overrides });

const requested = (overrides: Partial<ReturnDto> = {}): ReturnDto => ({
  id: 'rt_1',
  orderId: 'o_shipped',
  number: 'RMA-2026-000001',
  status: 'requested',
  lines: [{ productId: 'p_wire', quantity: 3, receivedQuantity: null }],
  reason: 'Cut reels',
  answer: null,
  refundId: null,
  createdAt: daysAgo(1),
  answeredAt: null,
  receivedAt: null,
  ...overrides,
});

function serve(order: OrderDto, afterSale: { refunds: unknown[]; returns: ReturnDto[] }) {
  const state = { afterSale, asked: 0 };
  server.use(
    http.get('*/api/orders', () => HttpResponse.json({ items: [order], nextCursor: null })),
    http.get('*/api/orders/:id/after-sale', () => {
      state.asked += 1;
      return HttpResponse.json(state.afterSale);
    }),
  );
  return state;
}

describe('My Order: refunds and returns', () => {
  it("shows an opened order's refunds with their credit notes and its returns with the shop's answer", async () => {
    session.current = meOf(customer);
    serve(shippedOrder({ refundedCents: 17_800 }), {
      refunds: [{ id: 'rf_1', orderId: 'o_shipped', number: 'CN-2026-000004', amountCents: 17_800, lines: [], reason: 'Cut', source: 'shop', createdAt: daysAgo(2) }],
      returns: [requested({ status: 'approved', answer: 'Send them to gate 3' })],
    });
    const { screen, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Order BH-2026-000042' }));
    const section = within(await screen.findByRole('region', { name: 'Refunds and returns of order BH-2026-000042' }));
    expect(section.getByText(`${labels.refunded} $178.00`)).toBeInTheDocument();
    expect(section.getByRole('link', { name: `${labels.creditNote} CN-2026-000004` })).toHaveAttribute('href', '/api/orders/o_shipped/refunds/rf_1/credit-note.pdf');
    expect(section.getByText('RMA-2026-000001')).toBeInTheDocument();
    expect(section.getByText('Approved')).toBeInTheDocument();
    expect(section.getByText('3 × Copper Wire 2.5 mm')).toBeInTheDocument();
    expect(section.getByText('Our answer: Send them to gate 3')).toBeInTheDocument();
  });

  it('asks to return units of a shipped order, at most what is left to send back, and lists the request', async () => {
    session.current = meOf(customer);
    const state = serve(shippedOrder(), { refunds: [], returns: [requested()] });
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/orders/:id/returns', async ({ request }) => {
        const body = (await request.json()) as { lines: { productId: string; quantity: number }[]; reason: string };
        bodies.push(body);
        if (bodies.length === 1) return HttpResponse.json(errorBody('VALIDATION_FAILED', 'Please check the fields', { 'lines.0.quantity': messages.afterSaleQuantity(10) }), { status: 400 });
        const made = requested({ id: 'rt_2', number: 'RMA-2026-000002', lines: body.lines.map((line) => ({ ...line, receivedQuantity: null })), reason: body.reason });
        state.afterSale = { ...state.afterSale, returns: [...state.afterSale.returns, made] };
        return HttpResponse.json(made, { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Order BH-2026-000042' }));
    await user.click(await screen.findByRole('button', { name: `${labels.returnItems} of order BH-2026-000042` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Return items of order BH-2026-000042' }));
    // 3 of the 4 reels are already asked back: one is left.
    expect(dialog.getByText('Up to 1 (reel)')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Why are you returning/), 'Wrong size');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(messages.returnNothingChosen);
    expect(dialog.getByRole('alert')).toHaveFocus();
    await user.type(dialog.getByLabelText(/^Copper Wire/), '2');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(await dialog.findByText(messages.afterSaleQuantity(1))).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.clear(dialog.getByLabelText(/^Copper Wire/));
    await user.type(dialog.getByLabelText(/^Pipe Wrench/), '12');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    // The server's field problem lands under the line it named.
    expect(await dialog.findByText(messages.afterSaleQuantity(10))).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Pipe Wrench/));
    await user.type(dialog.getByLabelText(/^Pipe Wrench/), '10');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText(messages.returnRequested('RMA-2026-000002'))).toBeInTheDocument();
    expect(bodies[1]).toEqual({ lines: [{ productId: 'p_wrench', quantity: 10 }], reason: 'Wrong size' });
    expect(await screen.findByText('RMA-2026-000002')).toBeInTheDocument();
  });

  it("offers no return once 30 days have passed since shipping, and still shows the rejected return's answer", async () => {
    session.current = meOf(customer);
    serve(shippedOrder({ shippedAt: daysAgo(31) }), { refunds: [], returns: [requested({ status: 'rejected', answer: 'Opened packs' })] });
    const { screen, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Order BH-2026-000042' }));
    expect(await screen.findByText('Our answer: Opened packs')).toBeInTheDocument();
    expect(screen.getByText('Not accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Return items/ })).toBeNull();
  });
});
