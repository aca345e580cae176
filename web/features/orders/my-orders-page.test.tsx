import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { OrderDto, ReorderDto } from '#http/dto.ts';
import { customer, makeOrder, makeThreeLineOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pagedList } from '../../test/paged-list.ts';
import { json, server, session } from '../../test/server.ts';

/** The caller's orders, served through the cursor `pageSize` at a time like the real API. */
const ordersOnServer = (orders: OrderDto[], pageSize = 100) => {
  const state = { orders, askedLimits: [] as string[] };
  const list = pagedList(() => state.orders, pageSize);
  state.askedLimits = list.askedLimits;
  server.use(http.get('*/api/orders', list.resolver));
  return state;
};

const unpaid = makeOrder({ id: 'o_unpaid', number: 'BH-2026-000011', productName: 'Brass Valve', poNumber: 'PO-2231' });
const pending = makeOrder({ id: 'o_pending', number: 'BH-2026-000012', productName: 'Copper Elbow', status: 'pending', transactionId: 'pi_test_pending' });
const shipped = makeOrder({ id: 'o_shipped', number: 'BH-2026-000013', productName: 'Pipe Cutter', status: 'shipped', transactionId: 'pi_test_shipped' });

describe('My Order', () => {
  it('finds an order by the end of its number or the start of its PO number, asking the server, and shows all again', async () => {
    session.current = meOf(customer);
    const asked: (string | null)[] = [];
    server.use(
      http.get('*/api/orders', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        asked.push(q);
        // The server does the matching (docs/orders.md, "Finding an order"); here, a stand-in.
        const found = q === null ? [unpaid, pending, shipped] : [unpaid, pending, shipped].filter((order) => order.number.endsWith(q) || order.poNumber?.startsWith(q));
        return HttpResponse.json({ items: found, nextCursor: null });
      }),
    );
    const { screen, user } = renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: labels.myOrder });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3);

    const box = screen.getByRole('searchbox', { name: 'Order number or PO number' });
    await user.type(box, ' 000012 {Enter}');
    await expect.poll(() => within(screen.getByRole('table', { name: labels.myOrder })).getAllByRole('row').slice(1).length).toBe(1);
    expect(screen.getByRole('button', { name: 'Order BH-2026-000012' })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('000012');

    await user.clear(box);
    await user.type(box, 'PO-9{Enter}');
    expect(await screen.findByText('No order of yours matches this search.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    await expect.poll(() => within(screen.getByRole('table', { name: labels.myOrder })).getAllByRole('row').slice(1).length).toBe(3);
    expect(box).toHaveValue('');
  });

  it("offers the invoice of each paid or shipped order, and shows a shipped order's carrier and tracking number", async () => {
    session.current = meOf(customer);
    ordersOnServer([
      unpaid,
      { ...pending, invoiceNumber: 'INV-2026-000004' },
      { ...shipped, invoiceNumber: 'INV-2026-000003', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    ]);
    const { screen } = renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: labels.myOrder });
    const [unpaidRow, pendingRow, shippedRow] = within(table).getAllByRole('row').slice(1).map((row) => within(row));
    expect(unpaidRow?.queryByRole('link', { name: /Invoice/ })).toBeNull();
    expect(pendingRow?.getByRole('link', { name: 'Invoice (PDF) INV-2026-000004' })).toHaveAttribute('href', '/api/orders/o_pending/invoice.pdf');
    const invoice = shippedRow?.getByRole('link', { name: 'Invoice (PDF) INV-2026-000003' });
    expect(invoice).toHaveAttribute('href', '/api/orders/o_shipped/invoice.pdf');
    expect(invoice).toHaveAttribute('download', 'INV-2026-000003.pdf');
    const tracking = shippedRow?.getByRole('link', { name: /^1Z999AA10123456784/ });
    expect(tracking).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking).toHaveAttribute('rel', 'noopener noreferrer');
    expect(shippedRow?.getByText(/UPS/)).toBeInTheDocument();
    expect(pendingRow?.queryByText(/tracking/i)).toBeNull();
  });

  it('says so when there is no order', async () => {
    session.current = meOf(customer);
    ordersOnServer([]);
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByText(labels.noOrders)).toBeInTheDocument();
  });

  it('renders one row per order with its number, date, items, total, PO and every state: Not Paid with Pay Now, Paid — awaiting shipment and Order Shipped with PAID and the transaction id', async () => {
    session.current = meOf(customer);
    ordersOnServer([unpaid, pending, shipped]);
    const { screen } = renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: labels.myOrder });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order', 'Placed', 'Items', 'Total', 'PO', 'Status', 'Pay', 'Delete',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3); // the closed details rows are hidden
    const [unpaidRow, pendingRow, shippedRow] = rows.map((row) => within(row));
    // Which (its number, as the row's disclosure), when, what, how much and the buyer's PO.
    expect(unpaidRow?.getByRole('button', { name: 'Order BH-2026-000011' })).toHaveAttribute('aria-expanded', 'false');
    expect(unpaidRow?.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(unpaidRow?.getByText('Brass Valve')).toBeInTheDocument();
    expect(unpaidRow?.getByText('150 pieces')).toBeInTheDocument();
    expect(unpaidRow?.getByText('$1,875.00')).toBeInTheDocument();
    expect(unpaidRow?.getByText('PO-2231')).toBeInTheDocument();
    expect(pendingRow?.getByText('none')).toBeInTheDocument(); // no PO number: a dash, read as "none"
    expect(unpaidRow?.getByText(labels.notPaid)).toBeInTheDocument();
    expect(unpaidRow?.getByRole('link', { name: labels.payNow })).toHaveAttribute('href', '/dashboard/payment/o_unpaid');
    expect(unpaidRow?.getByRole('button', { name: 'Delete order BH-2026-000011' })).toBeEnabled();
    expect(pendingRow?.getByRole('button', { name: 'Order BH-2026-000012' })).toBeInTheDocument();
    expect(pendingRow?.getByText(labels.orderPending)).toBeInTheDocument();
    expect(pendingRow?.getByText(labels.paid)).toBeInTheDocument();
    expect(pendingRow?.getByText('pi_test_pending')).toBeInTheDocument();
    expect(pendingRow?.getByRole('button', { name: 'Delete order BH-2026-000012' })).toBeDisabled();
    expect(shippedRow?.getByText(labels.orderShipped)).toBeInTheDocument();
    expect(shippedRow?.queryByRole('link', { name: labels.payNow })).not.toBeInTheDocument();
    // Lines, address and phone wait behind the disclosure.
    expect(screen.queryByText('1 Dock Road')).not.toBeInTheDocument();
  });

  it('opens a three-line order to its lines (SKU, name, picture, quantity and unit, unit price, line total), ship-to, PO and note, by pointer and by keyboard', async () => {
    session.current = meOf(customer);
    ordersOnServer([makeThreeLineOrder({ phone: '5550001111', address: '7 Quay Street' }), unpaid]);
    const { screen, user } = renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: labels.myOrder });
    const row = within(within(table).getAllByRole('row')[1]!);
    // Closed: the first product and how many more, the line and unit counts, the total and the PO.
    expect(row.getByText('Hex Bolt M8 x 40')).toBeInTheDocument();
    expect(row.getByText('and 2 more: 3 lines, 174 units')).toBeInTheDocument();
    expect(row.getByText('$2,521.00')).toBeInTheDocument();
    expect(row.getByText('PO-7781')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Lines of order BH-2026-000042' })).not.toBeInTheDocument();

    const toggle = row.getByRole('button', { name: 'Order BH-2026-000042' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(details).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();

    const lines = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000042' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Hex Bolt M8 x 40SKU HB-M8-4020 boxes (1,000 pcs) at $14.50 per box (50 pcs) · $0.29 eachLine total $290.00',
      'Copper Wire 2.5 mmSKU CW-254 reels at $89.00 per reelLine total $356.00',
      'Pipe Wrench 14"SKU PW-14150 pieces at $12.50 per pieceLine total $1,875.00',
    ]);
    expect(lines.map((line) => line.querySelector('img')?.getAttribute('src'))).toEqual([
      '/demo/hex-bolt.svg', '/demo/copper-wire.svg', '/demo/pipe-wrench.svg',
    ]);
    const opened = within(details!);
    expect(opened.getByText('Order total $2,521.00')).toBeInTheDocument();
    expect(opened.getByText('7 Quay Street')).toBeInTheDocument();
    expect(opened.getByText('5550001111')).toBeInTheDocument();
    expect(opened.getByText('PO-7781')).toBeInTheDocument();
    expect(opened.getByText('Deliver to gate 3, mornings only.')).toBeInTheDocument();
    // Only that order opened.
    expect(within(table).getByRole('button', { name: 'Order BH-2026-000011' })).toHaveAttribute('aria-expanded', 'false');

    // Keyboard alone: the disclosure is a real button, Enter and Space toggle it.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Lines of order BH-2026-000042' })).not.toBeInTheDocument();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list', { name: 'Lines of order BH-2026-000042' })).toBeInTheDocument();
  });

  it("marks a company member's price on a line and strikes the list price when ordered beside it, only where they differ", async () => {
    session.current = meOf(customer);
    const order = makeThreeLineOrder();
    const [bolt, ...rest] = order.lines;
    ordersOnServer([{ ...order, lines: [{ ...bolt!, listUnitPriceCents: 1_600 }, ...rest] }]);
    const { screen, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Order BH-2026-000042' }));
    const lines = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000042' })).getAllByRole('listitem');
    expect(lines[0]!.textContent).toContain('at Your price$14.50 per box (50 pcs) · $0.29 each List price $16.00');
    expect(lines[0]!.querySelector('s')?.textContent).toBe('$16.00');
    expect(lines.slice(1).map((line) => [line.querySelector('s'), line.textContent?.includes('Your price')])).toEqual([
      [null, false],
      [null, false],
    ]);
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
    await user.click(await screen.findByRole('button', { name: 'Delete order BH-2026-000011' }));
    const dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    expect(dialog).toHaveTextContent('Order BH-2026-000011 (150 pieces of Brass Valve) will be deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Delete order BH-2026-000011' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.orderDeleted)).toBeInTheDocument();
    expect(deleted).toBe('o_unpaid');
    await expect.poll(() => screen.queryByRole('button', { name: 'Order BH-2026-000011' })).toBeNull();
    expect(screen.queryByText('Brass Valve')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order BH-2026-000012' })).toBeInTheDocument();
    // The Delete button went with its row: focus is on the list's heading, never on <body>.
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.matches('h1, h2')).toBe(true);
  });

  it('orders again: the lines go into the cart, the buyer lands on it, and a line that could not go in is named', async () => {
    session.current = meOf(customer);
    ordersOnServer([shipped]);
    let asked: string | undefined;
    server.use(
      http.post('*/api/orders/:id/reorder', ({ params }) => {
        asked = String(params.id);
        return json<ReorderDto>({
          cart: { lines: [], lineCount: 0, itemCount: 0, totalCents: 0, orderable: false },
          notAdded: [{ position: 0, sku: 'PC-1', productName: 'Pipe Cutter', reason: 'sold-out', message: messages.reorderSoldOut }],
        });
      }),
    );
    const { screen, user, history } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Order again BH-2026-000013' }));
    expect(await screen.findByText(`PC-1 Pipe Cutter: ${messages.reorderSoldOut}`)).toBeInTheDocument();
    expect(asked).toBe('o_shipped');
    // Nothing went in: the buyer stays on My Orders.
    expect(history.location.pathname).toBe('/dashboard');
  });
});
