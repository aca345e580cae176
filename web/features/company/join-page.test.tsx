import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompanyViewDto } from '../../components/company/types.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { makeCompanyView } from '../../test/company-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

describe('Join a company', () => {
  it('sends a stranger to sign in first, coming back to the invitation afterwards', async () => {
    const { screen, history } = renderApp('/company/join?token=tok_123');
    await expect.poll(() => history.location.pathname).toBe('/login');
    expect(await screen.findByLabelText(/E-?mail/i)).toBeInTheDocument();
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/company/join?token=tok_123');
  });

  it('accepts the invitation with one button and opens the company', async () => {
    session.current = meOf(customer);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/company/invitations/accept', async ({ request }) => {
        sent.push(await request.json());
        return json<CompanyViewDto>(makeCompanyView({ role: 'buyer' }));
      }),
    );
    const { screen, user } = renderApp('/company/join?token=tok_123');
    expect(await screen.findByText(customer.email)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You joined Acme Builders as a buyer.');
    expect(sent).toEqual([{ token: 'tok_123' }]);
    expect(screen.getByRole('link', { name: 'Open your company' })).toHaveAttribute('href', '/dashboard/company');
  });

  it.each([
    [404, 'INVITATION_NOT_FOUND', /unknown or has expired: links work for 7 days/],
    [409, 'INVITATION_USED', /already accepted; a link works once/],
    [403, 'INVITATION_FOR_ANOTHER_EMAIL', /sent to another e-mail address, and you are signed in as buyer@example\.com/],
    [409, 'ALREADY_IN_COMPANY', /You already belong to a company/],
    [409, 'TOO_MANY_MEMBERS', /already has 200 members.*your link keeps working/],
  ] as const)('explains a %i %s refusal', async (status, code, explained) => {
    session.current = meOf(customer);
    server.use(http.post('*/api/company/invitations/accept', () => refusal(status, code, 'Refused')));
    const { screen, user } = renderApp('/company/join?token=tok_123');
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(explained);
  });

  it('says so when the link has no token', async () => {
    session.current = meOf(customer);
    const { screen } = renderApp('/company/join');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has no invitation in it.');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});
