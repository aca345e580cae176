import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { UserDto } from '#http/dto.ts';
import { admin, customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pagedList } from '../../test/paged-list.ts';
import { server, session } from '../../test/server.ts';

describe('All Users', () => {
  it('makes a customer admin and takes it back, each after confirmation, and deletes a user; the misspelt path redirects here', async () => {
    session.current = meOf(admin);
    const state: { users: UserDto[] } = { users: [admin, customer] };
    let deleted: string | undefined;
    const roleChange = (role: UserDto['role']) => ({ params }: { params: Record<string, unknown> }) => {
      state.users = state.users.map((user) => (user.id === params.id ? { ...user, role } : user));
      return HttpResponse.json(state.users.find((user) => user.id === params.id));
    };
    server.use(
      http.get('*/api/admin/users', pagedList(() => state.users, 100).resolver),
      http.post('*/api/admin/users/:id/make-admin', roleChange('admin')),
      http.post('*/api/admin/users/:id/remove-admin', roleChange('customer')),
      http.delete('*/api/admin/users/:id', ({ params }) => {
        deleted = String(params.id);
        state.users = state.users.filter((user) => user.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { screen, user, history } = renderApp('/dashboard/allUer');
    expect(await screen.findByRole('heading', { name: labels.allUsers })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard/allUsers');
    expect(await screen.findByText(labels.alreadyAdmin)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `${labels.makeAdmin} ${customer.email}` }));
    // Nothing changes before the confirmation.
    expect(state.users.find((account) => account.id === customer.id)?.role).toBe('customer');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, make admin' }));
    expect(await screen.findByText(messages.madeAdmin)).toBeInTheDocument();
    // The other admin can now be demoted (never oneself: the own row keeps its plain label).
    await user.click(await screen.findByRole('button', { name: `Remove admin ${customer.email}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, remove admin' }));
    expect(await screen.findByText(messages.adminRemoved)).toBeInTheDocument();
    await expect.poll(() => state.users.find((account) => account.id === customer.id)?.role).toBe('customer');
    expect(screen.getAllByText(labels.alreadyAdmin)).toHaveLength(1);

    // An admin cannot delete their own account, so only the other row has a Delete button.
    expect(screen.queryByRole('button', { name: `Delete user ${admin.email}` })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Delete user ${customer.email}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.userDeleted)).toBeInTheDocument();
    expect(deleted).toBe(customer.id);
  });

  it('shows every account: the older ones come through the cursor with Load more', async () => {
    session.current = meOf(admin);
    const others = Array.from({ length: 4 }, (_, index) => ({ ...customer, id: `u_${index}`, email: `buyer${index}@example.com` }));
    const list = pagedList(() => [admin, ...others], 2);
    server.use(http.get('*/api/admin/users', list.resolver));
    const { screen, user } = renderApp('/dashboard/allUsers');
    expect(await screen.findByText('Showing 2 users')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 4 users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 5 users (all of them)')).toBeInTheDocument();
    expect(screen.getByText('buyer3@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(list.askedLimits).toEqual(['100', '100', '100']);
  });
});
