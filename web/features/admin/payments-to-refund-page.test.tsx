import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { PaymentToRefundDto } from '#http/dto.ts';
import { admin, errorBody, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const waiting: PaymentToRefundDto = {
  paymentIntentId: 'pi_waiting',
  orderId: 'o_gone',
  amountCents: 187_500,
  currency: 'usd',
  reason: 'order-gone',
  createdAt: '2026-11-24T10:00:00.000Z',
  refundedAt: null,
  providerRefundId: null,
};
const done: PaymentToRefundDto = { ...waiting, paymentIntentId: 'pi_done', reason: 'order-paid-otherwise', refundedAt: '2026-11-25T10:00:00.000Z', providerRefundId: 're_1' };

/** The list over a mutable list, and the refunds asked: the first answered as `answer` says. */
function servePayments(answer: 'ok' | 'refused') {
  const state = { payments: [waiting, done], asked: [] as string[] };
  server.use(
    http.get('*/api/admin/payments-to-refund', () => HttpResponse.json({ items: state.payments, nextCursor: null })),
    http.post('*/api/admin/payments-to-refund/:id/refund', ({ params }) => {
      state.asked.push(String(params.id));
      if (answer === 'refused') return HttpResponse.json(errorBody('REFUND_REFUSED', 'The payment provider refused the refund: charge is disputed'), { status: 502 });
      const refunded = { ...waiting, refundedAt: '2026-11-26T10:00:00.000Z', providerRefundId: 're_2' };
      state.payments = [refunded, done];
      return HttpResponse.json(refunded);
    }),
  );
  return state;
}

describe('Payments to refund (admin)', () => {
  it('is in the admin menu, offers Refund only on waiting payments, and asks before refunding', async () => {
    session.current = meOf(admin);
    const state = servePayments('ok');
    const { screen, user } = renderApp('/dashboard/paymentsToRefund');
    expect(await screen.findByRole('link', { name: labels.paymentsToRefund })).toHaveAttribute('href', '/dashboard/paymentsToRefund');
    const table = within(await screen.findByRole('table', { name: labels.paymentsToRefund }));
    expect(table.getAllByText('$1,875.00')).toHaveLength(2);
    // Only the waiting one offers Refund; the other says when it was refunded.
    expect(table.getAllByRole('button', { name: /^Refund/ })).toHaveLength(1);
    await user.click(table.getByRole('button', { name: 'Refund the payment of $1,875.00 (pi_waiting)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund $1,875.00?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(state.asked).toEqual([]);
  });

  it('refunds a waiting payment once confirmed, and shows it refunded', async () => {
    session.current = meOf(admin);
    const state = servePayments('ok');
    const { screen, user } = renderApp('/dashboard/paymentsToRefund');
    await user.click(await screen.findByRole('button', { name: 'Refund the payment of $1,875.00 (pi_waiting)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund $1,875.00' }));
    expect(await screen.findByText(messages.paymentRefunded)).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('button', { name: /^Refund the payment/ })).toBeNull();
    expect(state.asked).toEqual(['pi_waiting']);
  });

  it("keeps the provider's refusal in the dialog, focused, and the payment still waiting", async () => {
    session.current = meOf(admin);
    servePayments('refused');
    const { screen, user } = renderApp('/dashboard/paymentsToRefund');
    await user.click(await screen.findByRole('button', { name: 'Refund the payment of $1,875.00 (pi_waiting)' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Refund $1,875.00' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The payment provider refused the refund: charge is disputed');
    expect(alert).toHaveFocus();
  });
});
