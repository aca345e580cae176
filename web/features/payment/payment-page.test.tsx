import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { customer, makeOrder, makeThreeLineOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';

const testProvider = () => {
  server.use(
    http.get('*/api/orders/:id', () => HttpResponse.json(makeOrder())),
    http.post('*/api/orders/:id/payment-intent', () =>
      HttpResponse.json({ provider: 'test', clientSecret: 'pi_test_123_secret_abc', publishableKey: null, amountCents: 187500 }),
    ),
  );
};

const payWith = async (number: string) => {
  const view = renderApp('/dashboard/payment/o_1');
  const { screen, user } = view;
  expect(await screen.findByText(/Test mode/)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: labels.payNow }));
  return view;
};

describe('payment page (test provider)', () => {
  it('names the order by its number and sums up its line', async () => {
    session.current = meOf(customer);
    testProvider();
    const { screen } = renderApp('/dashboard/payment/o_1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order BH-2026-000001' })).toBeInTheDocument();
    expect(screen.getByText('Total Price: $1,875.00')).toBeInTheDocument();
    const [line] = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000001' })).getAllByRole('listitem');
    expect(line).toHaveTextContent('Pipe Wrench 14"SKU PW-14150 pieces at $12.50 per pieceLine total $1,875.00');
    expect(screen.getByText('Ships to 1 Dock Road')).toBeInTheDocument();
    await expect.poll(() => document.title).toContain('Pay for order BH-2026-000001');
  });

  it('lists every line of a three-line order with its PO number', async () => {
    session.current = meOf(customer);
    testProvider();
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(makeThreeLineOrder())));
    const { screen } = renderApp('/dashboard/payment/o_three');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order BH-2026-000042' })).toBeInTheDocument();
    expect(screen.getByText(/3 lines, PO/)).toHaveTextContent('Placed Nov 20, 2026, 3 lines, PO PO-7781');
    const lines = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000042' })).getAllByRole('listitem');
    expect(lines.map((line) => within(line).getByText(/^[A-Z]{2}-/).textContent)).toEqual(['SKU HB-M8-40', 'SKU CW-25', 'SKU PW-14']);
    expect(screen.getByText('Total Price: $2,521.00')).toBeInTheDocument();
  });

  it('takes a phone keypad’s digits: groups the card number, puts in the expiry slash, asks for a missing expiry on it', async () => {
    session.current = meOf(customer);
    testProvider();
    let confirmCalls = 0;
    server.use(http.post('*/api/payments/test/confirm', () => ((confirmCalls += 1), refusal(402, 'CARD_DECLINED', messages.cardDeclined))));
    const { screen, user } = renderApp('/dashboard/payment/o_1');
    await screen.findByText(/Test mode/);
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: labels.payNow }));
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(expiry).toHaveAccessibleDescription(messages.cardExpiryMissing);
    expect(expiry).toHaveFocus();
    await user.type(expiry, '1399');
    await user.click(screen.getByRole('button', { name: labels.payNow }));
    expect(expiry).toHaveAccessibleDescription(messages.cardExpiryInvalid);
    await user.clear(expiry);
    await user.type(expiry, '1234');
    expect(expiry).toHaveValue('12 / 34');
    expect(confirmCalls).toBe(0);
  });

  it('shows a declined card in red under the card field and does not confirm', async () => {
    session.current = meOf(customer);
    testProvider();
    let confirmed = false;
    server.use(
      http.post('*/api/payments/test/confirm', () => refusal(402, 'CARD_DECLINED', messages.cardDeclined)),
      http.post('*/api/orders/:id/payment/confirm', () => {
        confirmed = true;
        return HttpResponse.json(makeOrder({ status: 'pending' }));
      }),
    );
    const { screen } = await payWith('4000 0000 0000 0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.cardDeclined);
    expect(alert).toHaveClass('text-red-700');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(messages.cardDeclined);
    // The box the refusal names gets the focus, not the Pay button that sent it.
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(confirmed).toBe(false);
  });

  it('says what is wrong with a box as soon as it is left, and takes it back once fixed', async () => {
    session.current = meOf(customer);
    testProvider();
    const { screen, user } = renderApp('/dashboard/payment/o_1');
    await screen.findByText(/Test mode/);
    const number = screen.getByLabelText('Card number');
    await user.click(number);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveFocus();
    expect(number).toHaveAccessibleDescription(messages.cardNumberInvalid);
    await user.type(number, '4242424242424242');
    expect(number).not.toHaveAccessibleDescription(messages.cardNumberInvalid);
    expect(number).toHaveAttribute('aria-invalid', 'false');
  });

  it('pays, confirms with the intent id, toasts and shows the transaction id', async () => {
    session.current = meOf(customer);
    testProvider();
    let networkBody: unknown;
    let confirmBody: unknown;
    server.use(
      http.post('*/api/payments/test/confirm', async ({ request }) => {
        networkBody = await request.json();
        return HttpResponse.json({ status: 'succeeded', paymentIntentId: 'pi_test_123' });
      }),
      http.post('*/api/orders/:id/payment/confirm', async ({ request }) => {
        confirmBody = await request.json();
        return HttpResponse.json(makeOrder({ status: 'pending', transactionId: 'pi_test_123' }));
      }),
      http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const { screen } = await payWith('4242 4242 4242 4242');
    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument();
    expect(screen.getByText(messages.transactionId('pi_test_123'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: labels.payNow })).not.toBeInTheDocument();
    // The success panel says what happens next and leads back to the order.
    expect(screen.getByText(`${labels.orderPending}: it ships to 1 Dock Road.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
    expect(networkBody).toEqual({
      clientSecret: 'pi_test_123_secret_abc',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      billing: { name: customer.name, email: customer.email },
    });
    expect(confirmBody).toEqual({ paymentIntentId: 'pi_test_123' });
  });

  it('shows PAID and the transaction id, and no form, for an order already paid', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/orders/:id', () => HttpResponse.json(makeOrder({ status: 'pending', transactionId: 'pi_done' }))));
    const { screen } = renderApp('/dashboard/payment/o_1');
    expect(await screen.findByText(messages.transactionId('pi_done'))).toBeInTheDocument();
    expect(screen.getByText(labels.paid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('offers the invoice once paid, and the carrier and tracking number once shipped', async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/orders/:id', () =>
        HttpResponse.json(makeOrder({ status: 'shipped', transactionId: 'pi_done', invoiceNumber: 'INV-2026-000009', carrier: 'FedEx', trackingNumber: '449044304137821' })),
      ),
    );
    const { screen } = renderApp('/dashboard/payment/o_1');
    const invoice = await screen.findByRole('link', { name: 'Invoice (PDF) INV-2026-000009' });
    expect(invoice).toHaveAttribute('href', '/api/orders/o_1/invoice.pdf');
    expect(screen.getByText('449044304137821')).toBeInTheDocument();
    expect(screen.getByText(/FedEx/)).toBeInTheDocument();
  });
});

describe('payment page: a confirmation that does not get through', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Fake timers that still move on their own, so the page runs while each backoff is skipped by hand. */
  const fakeTime = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  };
  const skip = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  const payByCard = async (user: ReturnType<typeof userEvent.setup>, screen: ReturnType<typeof renderApp>['screen']) => {
    expect(await screen.findByText(/Test mode/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: labels.payNow }));
  };

  /** The card network charges once; the confirm call answers each of `answers` in turn. */
  const arrange = (answers: (() => Response)[]) => {
    const calls = { card: 0, confirm: [] as unknown[] };
    server.use(
      http.post('*/api/payments/test/confirm', () => ((calls.card += 1), HttpResponse.json({ status: 'succeeded', paymentIntentId: 'pi_test_123' }))),
      http.post('*/api/orders/:id/payment/confirm', async ({ request }) => {
        calls.confirm.push(await request.json());
        return (answers[calls.confirm.length - 1] ?? answers.at(-1)!)();
      }),
      http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    return calls;
  };
  const paidOrder = () => HttpResponse.json(makeOrder({ status: 'pending', transactionId: 'pi_test_123' }));

  it('sends the same confirmation again after a network error and a 503, with backoff, and ends showing the order paid', async () => {
    session.current = meOf(customer);
    testProvider();
    const calls = arrange([() => HttpResponse.error(), () => refusal(503, 'SERVICE_UNAVAILABLE', messages.serviceUnavailable.payments), paidOrder]);
    const user = fakeTime();
    const { screen } = renderApp('/dashboard/payment/o_1');
    await payByCard(user, screen);
    await vi.waitFor(() => expect(calls.confirm).toHaveLength(1));
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await skip(500);
    expect(calls.confirm).toHaveLength(1);
    await skip(500);
    await vi.waitFor(() => expect(calls.confirm).toHaveLength(2));
    await skip(2_000);
    expect(await screen.findByText(messages.transactionId('pi_test_123'))).toBeInTheDocument();
    expect(screen.getByText(labels.paid)).toBeInTheDocument();
    expect(calls.confirm).toEqual([{ paymentIntentId: 'pi_test_123' }, { paymentIntentId: 'pi_test_123' }, { paymentIntentId: 'pi_test_123' }]);
    expect(calls.card).toBe(1);
  });

  it('after a few tries says so and offers "Try again", which confirms again without charging again', async () => {
    session.current = meOf(customer);
    testProvider();
    const failing = () => refusal(500, 'INTERNAL', messages.serverError);
    const calls = arrange([failing, failing, failing, failing, paidOrder]);
    const user = fakeTime();
    const { screen } = renderApp('/dashboard/payment/o_1');
    await payByCard(user, screen);
    for (const wait of [1_000, 2_000, 4_000]) await skip(wait);
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(messages.paymentConfirmFailed);
    // The card form went with the Pay button in it: the focus is on what went wrong, not on <body>.
    await vi.waitFor(() => expect(document.activeElement).toBe(problem));
    expect(calls.confirm).toHaveLength(4);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.tryAgain }));
    expect(await screen.findByText(messages.transactionId('pi_test_123'))).toBeInTheDocument();
    // Paid: the notice that says so takes the focus "Try again" had.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByText(labels.paid).closest('[role="status"]')));
    expect(calls.confirm).toHaveLength(5);
    expect(calls.confirm.at(-1)).toEqual({ paymentIntentId: 'pi_test_123' });
    expect(calls.card).toBe(1);
  });

  it('on 409 ORDER_ALREADY_PAID reads the order again and shows it paid', async () => {
    session.current = meOf(customer);
    testProvider();
    const calls = arrange([() => refusal(409, 'ORDER_ALREADY_PAID', messages.orderAlreadyPaid)]);
    // Read again, the server has recorded the payment (it asked the provider).
    let reads = 0;
    server.use(http.get('*/api/orders/:id', () => ((reads += 1), reads === 1 ? HttpResponse.json(makeOrder()) : paidOrder())));
    const { screen, user } = renderApp('/dashboard/payment/o_1');
    await payByCard(user, screen);
    expect(await screen.findByText(messages.transactionId('pi_test_123'))).toBeInTheDocument();
    expect(screen.getByText(labels.paid)).toBeInTheDocument();
    expect(calls.confirm).toHaveLength(1);
    expect(reads).toBe(2);
  });

  it('shows the order paid when starting the payment finds it paid already', async () => {
    session.current = meOf(customer);
    let reads = 0;
    server.use(
      http.get('*/api/orders/:id', () => ((reads += 1), reads === 1 ? HttpResponse.json(makeOrder()) : paidOrder())),
      http.post('*/api/orders/:id/payment-intent', () => refusal(409, 'ORDER_ALREADY_PAID', messages.orderAlreadyPaid)),
    );
    const { screen } = renderApp('/dashboard/payment/o_1');
    expect(await screen.findByText(messages.transactionId('pi_test_123'))).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
