import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ReturnDto } from '#http/dto.ts';
import { admin, errorBody, makeThreeLineOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const order = makeThreeLineOrder({ id: 'o_shipped', status: 'shipped', transactionId: 'pi_1', shippedAt: '2026-11-21T10:00:00.000Z' });

const makeReturn = (overrides: Partial<ReturnDto> = {}): ReturnDto => ({
  id: 'rt_1',
  orderId: order.id,
  number: 'RMA-2026-000001',
  status: 'requested',
  lines: [{ productId: 'p_wire', quantity: 2, receivedQuantity: null }],
  reason: 'Two reels arrived cut',
  answer: null,
  refundId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  answeredAt: null,
  receivedAt: null,
  ...overrides,
});

/** The returns list over a mutable list, filtered by `status` as the server does; the queries it saw. */
function serveReturns(returns: ReturnDto[]) {
  const state = { returns, statuses: [] as (string | null)[] };
  server.use(
    http.get('*/api/admin/returns', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      state.statuses.push(status);
      return HttpResponse.json({ items: state.returns.filter((ret) => status === null || ret.status === status), nextCursor: null });
    }),
    http.get('*/api/orders/:id', () => HttpResponse.json(order)),
  );
  return state;
}

describe('Returns (admin)', () => {
  it('is in the admin menu, filters by status in the URL, and names each return\'s order and products', async () => {
    session.current = meOf(admin);
    const state = serveReturns([makeReturn(), makeReturn({ id: 'rt_2', number: 'RMA-2026-000002', status: 'approved', answer: 'Send to gate 3' })]);
    const { screen, user, history } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: labels.returns }));
    expect(await screen.findByRole('heading', { name: labels.returns })).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: labels.returns }));
    expect(await table.findAllByText('2 × Copper Wire 2.5 mm (CW-25)')).toHaveLength(2);
    expect(table.getAllByText('BH-2026-000042')).toHaveLength(2);
    expect(table.getByText('Answer: Send to gate 3')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Approved' }));
    await expect.poll(() => history.location.search).toContain('status=approved');
    await expect.poll(() => screen.queryByText('RMA-2026-000001')).toBeNull();
    expect(screen.getByText('RMA-2026-000002')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Approved' })).toHaveAttribute('aria-current', 'page');
    expect(state.statuses).toEqual([null, 'approved']);
  });

  it('approves with an optional answer, and rejecting needs one', async () => {
    session.current = meOf(admin);
    const state = serveReturns([makeReturn()]);
    const bodies: { verdict: string; body: unknown }[] = [];
    server.use(
      http.post('*/api/admin/returns/:id/:verdict', async ({ params, request }) => {
        const body = (await request.json()) as { answer?: string };
        bodies.push({ verdict: String(params.verdict), body });
        state.returns = [makeReturn({ status: params.verdict === 'approve' ? 'approved' : 'rejected', answer: body.answer ?? null })];
        return HttpResponse.json(state.returns[0]);
      }),
    );
    const { screen, user } = renderApp('/dashboard/returns');
    await user.click(await screen.findByRole('button', { name: 'Reject return RMA-2026-000001' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Reject return RMA-2026-000001' }));
    await user.click(dialog.getByRole('button', { name: 'Reject return' }));
    expect(await dialog.findByText(messages.reasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve return RMA-2026-000001' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Approve return RMA-2026-000001' }));
    await user.click(dialog.getByRole('button', { name: 'Approve return' }));
    expect(await screen.findByText(messages.returnApproved('RMA-2026-000001'))).toBeInTheDocument();
    expect(bodies).toEqual([{ verdict: 'approve', body: {} }]);
    expect(await screen.findByRole('button', { name: 'Receive return RMA-2026-000001' })).toBeInTheDocument();
  });

  it('receives what arrived of each line with its restock choice, and keeps a refusal in the dialog', async () => {
    session.current = meOf(admin);
    const state = serveReturns([
      makeReturn({ status: 'approved', lines: [{ productId: 'p_wire', quantity: 2, receivedQuantity: null }, { productId: 'p_bolt', quantity: 5, receivedQuantity: null }] }),
    ]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/returns/:id/receive', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return HttpResponse.json(errorBody('REFUND_REFUSED', messages.refundRefused.declined), { status: 502 });
        const received = makeReturn({ status: 'received', lines: [{ productId: 'p_wire', quantity: 2, receivedQuantity: 2 }, { productId: 'p_bolt', quantity: 5, receivedQuantity: 3 }] });
        state.returns = [received];
        return HttpResponse.json({ return: received, refund: { id: 'rf_1', orderId: order.id, number: 'CN-2026-000003', amountCents: 22_150, lines: [], reason: 'Return', source: 'shop', createdAt: '2026-11-27T10:00:00.000Z' } });
      }),
    );
    const { screen, user } = renderApp('/dashboard/returns?status=approved');
    await user.click(await screen.findByRole('button', { name: 'Receive return RMA-2026-000001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Receive return RMA-2026-000001' }));
    const boxes = dialog.getAllByRole('textbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['2', '5']);
    // More than was asked back is refused before sending.
    await user.clear(boxes[1]!);
    await user.type(boxes[1]!, '6');
    await user.click(dialog.getByRole('button', { name: 'Receive and refund' }));
    expect(await dialog.findByText(messages.afterSaleQuantity(5))).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.clear(boxes[1]!);
    await user.type(boxes[1]!, '3');
    await user.click(dialog.getAllByRole('checkbox', { name: 'Put back in stock' })[1]!);
    await user.click(dialog.getByRole('button', { name: 'Receive and refund' }));
    await expect.poll(() => dialog.queryByRole('alert')?.textContent).toBe(messages.refundRefused.declined);
    expect(dialog.getByRole('alert')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Receive and refund' }));
    expect(await screen.findByText(messages.returnReceived('RMA-2026-000001', 'CN-2026-000003'))).toBeInTheDocument();
    expect(bodies[1]).toEqual({
      lines: [
        { productId: 'p_wire', quantity: 2, restock: true },
        { productId: 'p_bolt', quantity: 3, restock: false },
      ],
    });
  });
});
