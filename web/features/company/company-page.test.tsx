import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { ListDto, OrderDto } from '#http/dto.ts';
import type { CompanyAddressDto, CompanyInvitationDto, CompanyMemberDto, CompanyOrderDto, CompanyViewDto } from '../../components/company/types.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { awaitingOrder, buyer, buyerView, invitation, makeCompanyView, site } from '../../test/company-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

/** The company endpoints a manager's page reads, with what it sent recorded. */
const companyOnServer = (view: CompanyViewDto | null, { orders = [] as CompanyOrderDto[], invitations = [invitation] } = {}) => {
  const state = { view, sent: [] as { method: string; path: string; body: unknown }[], orderSearches: [] as string[] };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    state.sent.push({ method: request.method, path: url.pathname, body: request.method === 'DELETE' ? null : await request.json().catch(() => null) });
  };
  server.use(
    http.get('*/api/company', () => (state.view ? json<CompanyViewDto>(state.view) : refusal(404, 'NO_COMPANY', 'You do not belong to a company'))),
    http.get('*/api/company/invitations', () => json<ListDto<CompanyInvitationDto>>({ items: invitations, nextCursor: null })),
    http.get('*/api/company/orders', ({ request }) => {
      const url = new URL(request.url);
      state.orderSearches.push(url.search);
      const status = url.searchParams.get('status');
      return json<ListDto<CompanyOrderDto>>({ items: orders.filter((order) => !status || order.status === status), nextCursor: null });
    }),
  );
  return { state, record };
};

describe('Company page', () => {
  it('offers to create a company when the user has none, and shows it once created', async () => {
    session.current = meOf(customer);
    const { state, record } = companyOnServer(null);
    server.use(
      http.post('*/api/company', async ({ request }) => {
        await record(request);
        state.view = makeCompanyView({ company: { ...makeCompanyView().company, name: 'Acme Builders', taxId: null } });
        return json<CompanyViewDto>(state.view, { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    await screen.findByRole('heading', { name: 'Create a company' });
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Enter the company name')).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Company name'), '  Acme Builders ');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByRole('heading', { name: 'Acme Builders', level: 2 })).toBeInTheDocument();
    expect(state.sent).toEqual([{ method: 'POST', path: '/api/company', body: { name: 'Acme Builders' } }]);
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('href', '/dashboard/company');
  });

  it("shows a manager every member's role, limit and spending, and edits a member in a dialog that keeps the server's LAST_MANAGER refusal", async () => {
    session.current = meOf(customer);
    const { record, state } = companyOnServer(makeCompanyView());
    let refuse = true;
    server.use(
      http.patch('*/api/company/members/:userId', async ({ request }) => {
        await record(request);
        return refuse ? refusal(409, 'LAST_MANAGER', 'A company needs at least one manager') : json<CompanyMemberDto>(buyer);
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    const members = await screen.findByRole('region', { name: 'Members (2)' });
    expect(within(members).getByText('bob@acme.example')).toBeInTheDocument();
    const meter = within(members).getByRole('meter', { name: "Bob Builder's spending this month" });
    expect(meter).toHaveAttribute('aria-valuetext', '$4,200.00 of $5,000.00');
    expect(within(members).getByText(/\$1,250\.00/)).toBeInTheDocument();

    const edit = within(members).getByRole('button', { name: `Edit ${customer.name}` });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: `Edit ${customer.name}` });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Save member' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('A company needs at least one manager');
    expect(alert).toHaveFocus();
    expect(state.sent.at(-1)).toEqual({ method: 'PATCH', path: `/api/company/members/${customer.id}`, body: { role: 'buyer', monthlyLimitCents: null } });

    // Escape closes it and gives focus back to the button that opened it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(edit).toHaveFocus();

    refuse = false;
    await user.click(within(members).getByRole('button', { name: 'Edit Bob Builder' }));
    const bobDialog = await screen.findByRole('dialog', { name: 'Edit Bob Builder' });
    const limit = within(bobDialog).getByLabelText('Monthly limit ($)');
    expect(limit).toHaveValue('5000.00');
    await user.clear(limit);
    await user.type(limit, 'lots');
    await user.click(within(bobDialog).getByRole('button', { name: 'Save member' }));
    expect(await within(bobDialog).findByText(/Enter an amount in dollars/)).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '7,500');
    await user.click(within(bobDialog).getByRole('button', { name: 'Save member' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(state.sent.at(-1)).toEqual({ method: 'PATCH', path: '/api/company/members/u_bob', body: { role: 'buyer', monthlyLimitCents: 750_000 } });
  });

  it('shows the LAST_MANAGER refusal when the only manager tries to leave', async () => {
    session.current = meOf(customer);
    const { record } = companyOnServer(makeCompanyView());
    server.use(
      http.delete('*/api/company/members/:userId', async ({ request }) => {
        await record(request);
        return refusal(409, 'LAST_MANAGER', 'A company needs at least one manager');
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    const members = await screen.findByRole('region', { name: 'Members (2)' });
    await user.click(within(members).getByRole('button', { name: 'Leave company' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await within(members).findByRole('alert')).toHaveTextContent('A company needs at least one manager');
  });

  it('invites a member (refusals stay in the dialog) and revokes a pending invitation', async () => {
    session.current = meOf(customer);
    const { record, state } = companyOnServer(makeCompanyView());
    let answer: 'refuse' | 'accept' = 'refuse';
    server.use(
      http.post('*/api/company/invitations', async ({ request }) => {
        await record(request);
        return answer === 'refuse'
          ? refusal(409, 'ALREADY_INVITED', 'This address already has an invitation waiting')
          : json<CompanyInvitationDto>({ ...invitation, id: 'i_2', email: 'dan@acme.example' }, { status: 201 });
      }),
      http.delete('*/api/company/invitations/:id', async ({ request }) => {
        await record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    expect(await within(invitations).findByText('carla@acme.example')).toBeInTheDocument();
    expect(within(invitations).getByText(/\$2,000\.00 a month/)).toBeInTheDocument();

    await user.click(within(invitations).getByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'carla@acme.example');
    await user.type(within(dialog).getByLabelText('Monthly limit ($)'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This address already has an invitation waiting');
    expect(state.sent.at(-1)).toEqual({ method: 'POST', path: '/api/company/invitations', body: { email: 'carla@acme.example', role: 'buyer', monthlyLimitCents: 200_000 } });

    answer = 'accept';
    const email = within(dialog).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'dan@acme.example');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'manager');
    await user.clear(within(dialog).getByLabelText('Monthly limit ($)'));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(state.sent.at(-1)?.body).toEqual({ email: 'dan@acme.example', role: 'manager', monthlyLimitCents: null });

    await user.click(within(invitations).getByRole('button', { name: 'Revoke the invitation of carla@acme.example' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await expect.poll(() => state.sent.at(-1)).toEqual({ method: 'DELETE', path: '/api/company/invitations/i_1', body: null });
  });

  it('adds, edits and deletes sites', async () => {
    session.current = meOf(customer);
    const { record, state } = companyOnServer(makeCompanyView());
    server.use(
      http.post('*/api/company/addresses', async ({ request }) => {
        await record(request);
        return json<CompanyAddressDto>({ ...site, id: 'a_new' }, { status: 201 });
      }),
      http.patch('*/api/company/addresses/:id', async ({ request }) => {
        await record(request);
        return json<CompanyAddressDto>(site);
      }),
      http.delete('*/api/company/addresses/:id', async ({ request }) => {
        await record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    const sites = await screen.findByRole('region', { name: 'Sites' });
    await user.click(within(sites).getByRole('button', { name: 'Add a site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
    await user.type(within(dialog).getByLabelText('Site name'), 'North yard');
    await user.type(within(dialog).getByLabelText('Recipient'), 'Yard office');
    await user.type(within(dialog).getByLabelText('Phone'), '5550202020');
    await user.type(within(dialog).getByLabelText('Address'), '3 North Street');
    await user.click(within(dialog).getByRole('button', { name: 'Save site' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(state.sent.at(-1)).toEqual({ method: 'POST', path: '/api/company/addresses', body: { label: 'North yard', recipient: 'Yard office', phone: '5550202020', address: '3 North Street' } });

    await user.click(within(sites).getByRole('button', { name: 'Edit site Riverside depot' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Riverside depot' });
    const label = within(edit).getByLabelText('Site name');
    await user.clear(label);
    await user.type(label, 'Riverside gate 2');
    await user.click(within(edit).getByRole('button', { name: 'Save site' }));
    await expect.poll(() => state.sent.at(-1)?.body).toEqual({ label: 'Riverside gate 2', recipient: site.recipient, phone: site.phone, address: site.address });
    expect(state.sent.at(-1)?.path).toBe('/api/company/addresses/a_depot');

    await user.click(within(sites).getByRole('button', { name: 'Delete site Riverside depot' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await expect.poll(() => state.sent.at(-1)).toEqual({ method: 'DELETE', path: '/api/company/addresses/a_depot', body: null });
  });

  it("lists the orders awaiting approval for a manager, approves one and rejects another with a reason", async () => {
    session.current = meOf(customer);
    const other = awaitingOrder({ id: 'o_wait2', number: 'BH-2026-000078', approval: { reason: 'over-limit', decidedBy: null, decidedAt: null, rejectionReason: null } });
    const { record, state } = companyOnServer(makeCompanyView(), { orders: [awaitingOrder(), other] });
    server.use(
      http.post('*/api/company/orders/:id/approve', async ({ request }) => {
        await record(request);
        return refusal(409, 'ORDER_NOT_AWAITING_APPROVAL', 'Another manager has already answered this order');
      }),
      http.post('*/api/company/orders/:id/reject', async ({ request }) => {
        await record(request);
        return json<CompanyOrderDto>({ ...other, status: 'rejected' });
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    const queue = await screen.findByRole('list', { name: 'Orders awaiting approval' });
    expect(within(queue).getByText('At or above the approval threshold')).toBeInTheDocument();
    expect(within(queue).getByText("Past the buyer's monthly limit")).toBeInTheDocument();
    expect(state.orderSearches).toContain('?limit=100&status=awaiting-approval');

    await user.click(within(queue).getByRole('button', { name: 'Approve order BH-2026-000077' }));
    expect(await screen.findByText('Another manager has already answered this order')).toBeInTheDocument();
    expect(state.sent.at(-1)?.path).toBe('/api/company/orders/o_wait/approve');

    await user.click(within(queue).getByRole('button', { name: 'Reject order BH-2026-000078' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order BH-2026-000078' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await within(dialog).findByText('Enter the reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Over budget this quarter');
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(state.sent.at(-1)).toEqual({ method: 'POST', path: '/api/company/orders/o_wait2/reject', body: { reason: 'Over budget this quarter' } });
  });

  it("filters the company's orders by status and member", async () => {
    session.current = meOf(customer);
    const { state } = companyOnServer(makeCompanyView(), { orders: [awaitingOrder()] });
    const { screen, user } = renderApp('/dashboard/company');
    const orders = await screen.findByRole('region', { name: 'Company orders' });
    await within(orders).findByText('BH-2026-000077');
    await user.selectOptions(within(orders).getByLabelText('Status'), 'rejected');
    expect(await within(orders).findByText('No order matches.')).toBeInTheDocument();
    await user.selectOptions(within(orders).getByLabelText('Member'), 'u_bob');
    await expect.poll(() => state.orderSearches.at(-1)).toBe('?limit=100&status=rejected&member=u_bob');
  });

  it('shows a buyer a read-only company with their own limit and spending, and lets them leave', async () => {
    session.current = meOf({ ...customer, id: buyer.userId, name: buyer.name, email: buyer.email });
    const { record, state } = companyOnServer(buyerView(), { orders: [awaitingOrder({ status: 'rejected', approval: { reason: 'over-limit', decidedBy: customer.id, decidedAt: '2026-11-21T10:00:00.000Z', rejectionReason: 'Not this month' } })] });
    server.use(
      http.delete('*/api/company/members/:userId', async ({ request }) => {
        await record(request);
        state.view = null;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/orders', () => json<ListDto<OrderDto>>({ items: [], nextCursor: null })),
    );
    const { screen, user } = renderApp('/dashboard/company');
    await screen.findByRole('heading', { name: 'Acme Builders', level: 2 });
    expect(screen.getByRole('meter', { name: 'Your spending this month' })).toHaveAttribute('aria-valuetext', '$4,200.00 of $5,000.00');
    expect(screen.queryByRole('button', { name: 'Edit company' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a site' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Orders awaiting approval' })).toBeNull();
    expect(screen.getByText('Riverside depot')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Your company orders' });
    expect(await within(orders).findByText('Rejected: Not this month')).toBeInTheDocument();
    expect(within(orders).queryByLabelText('Member')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Leave company' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await expect.poll(() => state.sent.at(-1)).toEqual({ method: 'DELETE', path: '/api/company/members/u_bob', body: null });
    expect(await screen.findByRole('table', { name: 'My Order' }).catch(() => screen.findByText('No Order Available'))).toBeInTheDocument();
  });

  it("edits the company's name, tax ID and approval threshold", async () => {
    session.current = meOf(customer);
    const { record, state } = companyOnServer(makeCompanyView());
    server.use(
      http.patch('*/api/company', async ({ request }) => {
        await record(request);
        state.view = makeCompanyView({ company: { ...makeCompanyView().company, approvalThresholdCents: null } });
        return json<CompanyViewDto>(state.view);
      }),
    );
    const { screen, user } = renderApp('/dashboard/company');
    expect(await screen.findByText('Orders of $10,000.00 or more')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    await user.clear(within(dialog).getByLabelText('Approval threshold ($)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save company' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(state.sent.at(-1)).toEqual({ method: 'PATCH', path: '/api/company', body: { name: 'Acme Builders', taxId: 'US-99-1234567', approvalThresholdCents: null } });
    expect(await screen.findByText('None', { selector: 'dd' })).toBeInTheDocument();
  });
});
