import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { admin, customer, makeOrder, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const menuLinks = (nav: HTMLElement) => within(nav).getAllByRole('link').map((link) => link.textContent);

describe('dashboard', () => {
  it('gives customers My Order, Add Review and My Profile', async () => {
    session.current = meOf(customer);
    server.use(http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })));
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome To Dashboard' })).toBeInTheDocument();
    expect(menuLinks(screen.getByRole('navigation', { name: 'Dashboard' }))).toEqual(['My Order', 'Add Review', 'My Profile']);
  });

  it('lets a customer just made admin into the admin pages without signing in again', async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })),
      http.get('*/api/admin/users', () => HttpResponse.json({ items: [{ ...customer, role: 'admin' }], nextCursor: null })),
    );
    const { screen, history } = renderApp('/dashboard');
    expect(menuLinks(await screen.findByRole('navigation', { name: 'Dashboard' }))).toEqual(['My Order', 'Add Review', 'My Profile']);
    // Another admin promotes them; this browser still holds the customer session from a moment ago.
    session.current = meOf({ ...customer, role: 'admin' });
    history.push('/dashboard/allUsers');
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(menuLinks(screen.getByRole('navigation', { name: 'Dashboard' }))).toContain('Manage All Orders');
  });

  it('gives admins their menu and an overview with counts', async () => {
    session.current = meOf(admin);
    server.use(
      http.get('*/api/admin/orders', () =>
        HttpResponse.json({
          items: [makeOrder({ id: 'a', status: 'pending' }), makeOrder({ id: 'b', status: 'pending' }), makeOrder({ id: 'c' })],
          total: 3,
        }),
      ),
      http.get('*/api/products', () => HttpResponse.json({ items: [makeProduct({ stock: 40 }), makeProduct({ id: 'x', stock: 900 })], nextCursor: null })),
      http.get('*/api/admin/messages', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const { screen } = renderApp('/dashboard');
    expect(menuLinks(await screen.findByRole('navigation', { name: 'Dashboard' }))).toEqual([
      'Overview', 'My Profile', 'All Users', 'Add Product', 'Manage Products', 'Manage All Orders', 'Manage Reviews', 'Messages & Subscribers',
    ]);
    expect(await screen.findByRole('link', { name: '2 Orders awaiting shipment' })).toHaveAttribute('href', '/dashboard/allOrders');
    expect(screen.getByRole('link', { name: '1 Unpaid orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 Low-stock products (under 100)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 Contact messages' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it('counts the contact messages of the first page, with a + when more are behind it', async () => {
    session.current = meOf(admin);
    const message = (id: string) => ({ id, name: 'Dana', email: 'dana@example.com', message: 'Hello', createdAt: '2026-11-22T09:00:00.000Z' });
    server.use(
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: [], total: 0 })),
      http.get('*/api/admin/messages', () => HttpResponse.json({ items: [message('m1'), message('m2')], nextCursor: 'more' })),
    );
    const { screen } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: '2+ Contact messages' })).toHaveAttribute('href', '/dashboard/messages');
  });
});
