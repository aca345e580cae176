import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';
import { admin, customer, makeOrder, makeThreeLineOrder, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const orders: OrderDto[] = [
  makeOrder({ id: 'o_unpaid', number: 'BH-2026-000021', productName: 'Brass Valve' }),
  makeThreeLineOrder({ id: 'o_paid', number: 'BH-2026-000022', status: 'pending', transactionId: 'pi_1', address: '9 Quay Street, Leith' }),
  makeOrder({ id: 'o_shipped', number: 'BH-2026-000023', productName: 'Pipe Cutter', status: 'shipped', transactionId: 'pi_2' }),
];

describe('Manage All Orders', () => {
  it('ships a paid three-line order from a dialog that names it, where it goes, and takes an optional carrier and tracking number', async () => {
    session.current = meOf(admin);
    const state = { orders: [...orders] };
    let shippedId: string | undefined;
    let shipBody: unknown;
    server.use(
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: state.orders, nextCursor: null, total: state.orders.length })),
      http.post('*/api/admin/orders/:id/ship', async ({ params, request }) => {
        shippedId = String(params.id);
        shipBody = await request.json();
        const { carrier, trackingNumber } = shipBody as { carrier: string | null; trackingNumber: string | null };
        state.orders = state.orders.map((order) => (order.id === params.id ? { ...order, status: 'shipped', carrier, trackingNumber } : order));
        return HttpResponse.json(state.orders.find((order) => order.id === params.id));
      }),
    );
    const { screen, user } = renderApp('/dashboard/allOrders');
    expect(await screen.findByRole('heading', { name: labels.manageAllOrders })).toBeInTheDocument();
    expect(await screen.findByText('Total Orders: 3')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: labels.manageAllOrders });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order', 'Placed', 'Customer', 'Items', 'Total', 'PO', 'Status', 'Delete',
    ]);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row));
    expect(rows).toHaveLength(3);
    expect(rows[0]?.getByRole('button', { name: 'Order BH-2026-000021', expanded: false })).toBeInTheDocument();
    expect(rows[0]?.getByText(labels.unpaid)).toBeInTheDocument();
    expect(rows[0]?.getByRole('button', { name: 'Delete order BH-2026-000021' })).toBeEnabled();
    expect(rows[1]?.getByText('buyer@example.com')).toBeInTheDocument();
    expect(rows[1]?.getByText('and 2 more: 3 lines, 174 units')).toBeInTheDocument();
    expect(rows[1]?.getByText('$2,521.00')).toBeInTheDocument();
    expect(rows[1]?.getByText('PO-7781')).toBeInTheDocument();
    expect(rows[1]?.getByRole('button', { name: 'Delete order BH-2026-000022' })).toBeDisabled();
    expect(rows[2]?.getByText(labels.shipped)).toBeInTheDocument();

    await user.click(rows[1]!.getByRole('button', { name: 'Ship order BH-2026-000022' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order BH-2026-000022' }));
    expect(dialog.getByText(/BH-2026-000022 \(3 lines, \$2,521\.00\) for Bea Buyer goes to 9 Quay Street, Leith \(phone 5551234567\)/)).toBeInTheDocument();
    // A tracking number the server would refuse is refused here first, with the server's words.
    await user.type(dialog.getByLabelText('Tracking number (optional)'), '1Z<b>');
    await user.click(dialog.getByRole('button', { name: 'Ship order' }));
    expect(await dialog.findByText(messages.trackingNumberCharacters)).toBeInTheDocument();
    expect(shippedId).toBeUndefined();
    await user.clear(dialog.getByLabelText('Tracking number (optional)'));
    await user.type(dialog.getByLabelText('Tracking number (optional)'), '1Z999AA10123456784');
    await user.type(dialog.getByLabelText('Carrier (optional)'), 'UPS');
    await user.click(dialog.getByRole('button', { name: 'Ship order' }));
    expect(await screen.findByText(messages.orderShipped)).toBeInTheDocument();
    expect(shippedId).toBe('o_paid');
    expect(shipBody).toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => screen.queryByRole('button', { name: /^Ship order/ })).toBeNull();
    expect(within(screen.getByRole('table')).getAllByText(labels.shipped)).toHaveLength(2);
    // The Ship button is gone: focus is on the row's new status, announced, never on <body>.
    const status = screen.getByRole('status', { name: `Order BH-2026-000022 ${labels.shipped.toLowerCase()}` });
    await expect.poll(() => document.activeElement).toBe(status);
    // The carrier and tracking number are in the order's details.
    await user.click(screen.getByRole('button', { name: 'Order BH-2026-000022' }));
    // The admin's view links the number to UPS's tracking page too.
    expect(await screen.findByRole('link', { name: /^1Z999AA10123456784/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('ships without a carrier or tracking number when none is given, and Cancel ships nothing', async () => {
    session.current = meOf(admin);
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: orders, nextCursor: null, total: orders.length })),
      http.post('*/api/admin/orders/:id/ship', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...orders[1], status: 'shipped' });
      }),
    );
    const { screen, user } = renderApp('/dashboard/allOrders');
    const ship = await screen.findByRole('button', { name: 'Ship order BH-2026-000022' });
    await user.click(ship);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toEqual([]);
    // Nothing happened: the focus is back on Ship, where the admin was.
    await expect.poll(() => document.activeElement).toBe(ship);
    // Esc closes it the same way.
    await user.click(ship);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => document.activeElement).toBe(ship);
    await user.click(ship);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ship order' }));
    expect(await screen.findByText(messages.orderShipped)).toBeInTheDocument();
    expect(bodies).toEqual([{ carrier: null, trackingNumber: null }]);
  });

  it("offers a paid order's invoice and packing slip as downloads in its details, and neither for an unpaid one", async () => {
    session.current = meOf(admin);
    const paid = { ...orders[2]!, invoiceNumber: 'INV-2026-000007', carrier: 'DHL', trackingNumber: 'JD0146000012' };
    server.use(http.get('*/api/admin/orders', () => HttpResponse.json({ items: [orders[0], paid], nextCursor: null, total: 2 })));
    const { screen, user } = renderApp('/dashboard/allOrders');
    await user.click(await screen.findByRole('button', { name: 'Order BH-2026-000023' }));
    const details = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000023' }).closest('td')!);
    expect(details.getByRole('link', { name: 'Invoice INV-2026-000007' })).toHaveAttribute('href', '/api/orders/o_shipped/invoice.pdf');
    expect(details.getByRole('link', { name: 'Packing slip BH-2026-000023' })).toHaveAttribute('href', '/api/admin/orders/o_shipped/packing-slip.pdf');
    expect(details.getByText('JD0146000012')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Order BH-2026-000021' }));
    const unpaidDetails = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000021' }).closest('td')!);
    expect(unpaidDetails.queryByRole('link', { name: /Invoice|Packing slip/ })).toBeNull();
  });

  it('shows where each order goes, filters by status and search through the URL, and loads further pages', async () => {
    session.current = meOf(admin);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/orders', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        if (params.get('cursor') === 'page-2') {
          return HttpResponse.json({ items: [makeOrder({ id: 'o_older', productName: 'Old Hinge' })], nextCursor: null, total: 2 });
        }
        const first = makeOrder({ id: 'o_first', number: 'BH-2026-000031', productName: 'Brass Valve', address: '9 Quay Street, Leith', phone: '5559876543', status: 'pending' });
        return HttpResponse.json({ items: [first], nextCursor: 'page-2', total: 2 });
      }),
    );
    const { screen, user, history } = renderApp('/dashboard/allOrders?status=pending');
    const row = within((await screen.findByText('Brass Valve')).closest('tr')!);
    expect(row.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(screen.queryByText('9 Quay Street, Leith')).not.toBeInTheDocument();
    // The order number opens the lines and where it goes, with the phone to call.
    await user.click(row.getByRole('button', { name: 'Order BH-2026-000031' }));
    const details = within(screen.getByRole('list', { name: 'Lines of order BH-2026-000031' }).closest('tr')!);
    expect(details.getByText('9 Quay Street, Leith')).toBeInTheDocument();
    expect(details.getByRole('link', { name: '5559876543' })).toHaveAttribute('href', 'tel:5559876543');
    expect(details.getByRole('listitem')).toHaveTextContent('Brass ValveSKU PW-14150 pieces at $12.50 per pieceLine total $1,875.00');
    expect(asked.at(-1)?.get('status')).toBe('pending');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Old Hinge')).toBeInTheDocument();
    expect(asked.at(-1)?.get('cursor')).toBe('page-2');

    const searchBox = screen.getByRole('searchbox', { name: 'Order number, customer e-mail or PO number' });
    expect(searchBox).toHaveAttribute('placeholder', 'Order no., e-mail or PO');
    await user.type(searchBox, 'buyer@example.com{Enter}');
    await expect.poll(() => asked.at(-1)?.get('q')).toBe('buyer@example.com');
    expect(asked.at(-1)?.get('status')).toBe('pending');
    expect(history.location.search).toContain('q=buyer%40example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All orders');
    await expect.poll(() => asked.at(-1)?.has('status')).toBe(false);
  });

  it('keeps at most five pages mounted however far the admin pages, and brings earlier ones back', async () => {
    session.current = meOf(admin);
    // Seven pages of two orders each; the cursor is the page number.
    server.use(
      http.get('*/api/admin/orders', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('cursor') ?? '1');
        const items = [1, 2].map((n) => makeOrder({ id: `o_${page}_${n}`, productName: `Part ${page}.${n}` }));
        return HttpResponse.json({ items, nextCursor: page < 7 ? String(page + 1) : null, total: 14 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/allOrders');
    expect(await screen.findByText('Part 1.1')).toBeInTheDocument();
    for (let page = 2; page <= 7; page += 1) {
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText(`Part ${page}.1`)).toBeInTheDocument();
    }
    // Pages 3 to 7 are mounted: ten rows, never fourteen.
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.queryByText('Part 1.1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show earlier orders' }));
    expect(await screen.findByText('Part 2.1')).toBeInTheDocument();
    expect(screen.queryByText('Part 7.1')).not.toBeInTheDocument();
  });

  it('sends a customer who opens an admin page back home', async () => {
    session.current = meOf(customer);
    const { screen, history } = renderApp('/dashboard/allOrders');
    await expect.poll(() => history.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: labels.manageAllOrders })).not.toBeInTheDocument();
  });
});
