import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { admin, customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { ShopOverviewDto } from '#http/dto.ts';
import { json, server, session } from '../../test/server.ts';

const menuLinks = (nav: HTMLElement) => within(nav).getAllByRole('link').map((link) => link.textContent);

describe('dashboard', () => {
  it('gives customers My Order, Quotes, Company, Add Review and My Profile', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })));
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome To Dashboard' })).toBeInTheDocument();
    expect(menuLinks(screen.getByRole('navigation', { name: 'Dashboard' }))).toEqual(['My Order', 'Quotes', 'Company', 'Add Review', 'My Profile']);
  });

  it('lets a customer just made admin into the admin pages without signing in again', async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })),
      http.get('*/api/admin/users', () => HttpResponse.json({ items: [{ ...customer, role: 'admin' }], nextCursor: null })),
    );
    const { screen, history } = renderApp('/dashboard');
    expect(menuLinks(await screen.findByRole('navigation', { name: 'Dashboard' }))).toEqual(['My Order', 'Quotes', 'Company', 'Add Review', 'My Profile']);
    // Another admin promotes them; this browser still holds the customer session from a moment ago.
    session.current = meOf({ ...customer, role: 'admin' });
    history.push('/dashboard/allUsers');
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(menuLinks(screen.getByRole('navigation', { name: 'Dashboard' }))).toContain('Manage All Orders');
  });

  it('gives admins their menu and an overview with the counts the server makes', async () => {
    session.current = meOf(admin);
    server.use(
      http.get('*/api/admin/overview', () =>
        json<ShopOverviewDto>({ ordersAwaitingShipment: 2, unpaidOrders: 1, lowStockProducts: 1, contactMessages: 1_204, unreadContactMessages: 3, paymentsToRefund: 5, quotesAwaitingAnswer: 4 }),
      ),
    );
    const { screen } = renderApp('/dashboard');
    expect(menuLinks(await screen.findByRole('navigation', { name: 'Dashboard' }))).toEqual([
      'Overview', 'My Profile', 'All Users', 'Add Product', 'Manage Products', 'Categories', 'Manage All Orders', 'Companies', 'Quote Requests', 'Returns', 'Payments to refund', 'Manage Reviews', 'Messages & Subscribers', 'Audit log',
    ]);
    expect(await screen.findByRole('link', { name: '2 Orders awaiting shipment' })).toHaveAttribute('href', '/dashboard/allOrders?status=pending');
    expect(screen.getByRole('link', { name: '1 Unpaid orders' })).toHaveAttribute('href', '/dashboard/allOrders?status=unpaid');
    expect(screen.getByRole('link', { name: '1 Low-stock products (under 100)' })).toHaveAttribute('href', '/dashboard/manageProduct');
    expect(screen.getByRole('link', { name: '3 Unread messages (of 1204)' })).toHaveAttribute('href', '/dashboard/messages');
    expect(screen.getByRole('link', { name: '4 Quotes awaiting answer' })).toHaveAttribute('href', '/dashboard/allQuotes?status=requested');
    expect(screen.getByRole('link', { name: '5 Payments to refund' })).toHaveAttribute('href', '/dashboard/paymentsToRefund');
  });
});
