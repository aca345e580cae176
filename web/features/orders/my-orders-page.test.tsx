import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { labels, messages } from '#domain/messages.ts';
import type { OrderDto } from '#http/dto.ts';
import { customer, makeOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pagedList } from '../../test/paged-list.ts';
import { server, session } from '../../test/server.ts';

/** The caller's orders, served through the cursor `pageSize` at a time like the real API. */
const ordersOnServer = (orders: OrderDto[], pageSize = 100) => {
  const state = { orders, askedLimits: [] as string[] };
  const list = pagedList(() => state.orders, pageSize);
  state.askedLimits = list.askedLimits;
  server.use(http.get('*/api/orders', list.resolver));
  return state;
};

const unpaid = makeOrder({ id: 'o_unpaid', productName: 'Brass Valve' });
const pending = makeOrder({ id: 'o_pending', productName: 'Copper Elbow', status: 'pending', transactionId: 'pi_test_pending' });
const shipped = makeOrder({ id: 'o_shipped', productName: 'Pipe Cutter', status: 'shipped', transactionId: 'pi_test_shipped' });

describe('My Order', () => {
  it('says so when there is no order', async () => {
    session.current = meOf(customer);
    ordersOnServer([]);
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByText(labels.noOrders)).toBeInTheDocument();
  });

  it('renders every state: Not Paid with Pay Now, Paid — awaiting shipment and Order Shipped with PAID and the transaction id, and each order\'s date, number, unit price and address', async () => {
    session.current = meOf(customer);
    ordersOnServer([unpaid, pending, shipped]);
    const { screen } = renderApp('/dashboard');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name', 'Order', 'Order Quantity', 'Unit Price', 'Total Price', 'Ship to', 'Status', 'Pay', 'Delete',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const [unpaidRow, pendingRow, shippedRow] = rows.map((row) => within(row));
    expect(unpaidRow?.getByText(labels.notPaid)).toBeInTheDocument();
    expect(unpaidRow?.getByText('$1,875.00')).toBeInTheDocument();
    // When, which, the price per unit and where it goes.
    expect(unpaidRow?.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(unpaidRow?.getByText('No. o_unpaid')).toBeInTheDocument();
    expect(unpaidRow?.getByText('$12.50 per piece')).toBeInTheDocument();
    expect(unpaidRow?.getByText('1 Dock Road')).toBeInTheDocument();
    expect(unpaidRow?.getByText('5551234567')).toBeInTheDocument();
    expect(unpaidRow?.getByRole('link', { name: labels.payNow })).toHaveAttribute('href', '/dashboard/payment/o_unpaid');
    expect(unpaidRow?.getByRole('button', { name: 'Delete order Brass Valve' })).toBeEnabled();
    expect(pendingRow?.getByText(labels.orderPending)).toBeInTheDocument();
    expect(pendingRow?.getByText(labels.paid)).toBeInTheDocument();
    expect(pendingRow?.getByText('pi_test_pending')).toBeInTheDocument();
    expect(pendingRow?.getByRole('button', { name: 'Delete order Copper Elbow' })).toBeDisabled();
    expect(shippedRow?.getByText(labels.orderShipped)).toBeInTheDocument();
    expect(shippedRow?.queryByRole('link', { name: labels.payNow })).not.toBeInTheDocument();
  });

  it('shows every order: the older ones come through the cursor with Load more', async () => {
    session.current = meOf(customer);
    const orders = Array.from({ length: 5 }, (_, index) => makeOrder({ id: `o_${index}`, productName: `Part ${index}` }));
    const state = ordersOnServer(orders, 3);
    const { screen, user } = renderApp('/dashboard');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Showing 3 orders')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => within(table).getAllByRole('row').length).toBe(6);
    expect(within(table).getByText('Part 4')).toBeInTheDocument();
    expect(screen.getByText('Showing 5 orders (all of them)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(state.askedLimits).toEqual(['100', '100']); // the largest page the API serves
  });

  it('deletes an unpaid order only after the confirmation and refetches the list', async () => {
    session.current = meOf(customer);
    const state = ordersOnServer([unpaid, pending]);
    let deleted: string | undefined;
    server.use(
      http.delete('*/api/orders/:id', ({ params }) => {
        deleted = String(params.id);
        state.orders = state.orders.filter((order) => order.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { screen, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Delete order Brass Valve' }));
    const dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Delete order Brass Valve' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.orderDeleted)).toBeInTheDocument();
    expect(deleted).toBe('o_unpaid');
    await expect.poll(() => screen.queryByText('Brass Valve')).toBeNull();
    expect(screen.getByText('Copper Elbow')).toBeInTheDocument();
  });
});
