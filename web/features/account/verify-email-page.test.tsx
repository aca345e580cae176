import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';

const unverified = { ...customer, emailVerified: false };

describe('verify-email page', () => {
  it('sends the token from the link once and says the e-mail is verified', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/auth/verify-email', async ({ request }) => {
        posted.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { screen } = renderApp('/verifyEmail?token=abc.def.ghi');
    expect(await screen.findByText(messages.emailVerified)).toHaveAttribute('role', 'status');
    expect(posted).toEqual([{ token: 'abc.def.ghi' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify E-mail' })).toBeInTheDocument();
  });

  it('refreshes the session after verifying, so the navbar reminder goes away', async () => {
    session.current = meOf(unverified);
    server.use(
      http.post('*/api/auth/verify-email', () => {
        session.current = meOf(customer);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { screen, user } = renderApp('/verifyEmail?token=abc.def.ghi');
    expect(await screen.findByText(messages.emailVerified)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menu');
    expect(screen.queryByText(messages.verifyReminder)).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: labels.resendVerification })).not.toBeInTheDocument();
  });

  it('shows the expiry message for an expired link and lets a signed-in user get a new one', async () => {
    session.current = meOf(unverified);
    let resent = 0;
    server.use(
      http.post('*/api/auth/verify-email', () => refusal(400, 'LINK_INVALID', messages.linkExpired)),
      http.post('*/api/auth/verify-email/resend', () => {
        resent += 1;
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { screen, user } = renderApp('/verifyEmail?token=old.token.here');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.linkExpired);
    expect(screen.queryByText(messages.emailVerified)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.resendVerification }));
    expect(await screen.findByText(messages.verificationSent)).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('tells a signed-out visitor with a used link to log in for a new one, and comes back here', async () => {
    server.use(http.post('*/api/auth/verify-email', () => refusal(400, 'LINK_INVALID', messages.linkInvalid)));
    const { screen } = renderApp('/verifyEmail?token=tampered');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.linkInvalid);
    expect(screen.getByText(messages.signInToResendVerification)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2FverifyEmail');
  });

  it('sends a numeric (tampered) token to the server instead of treating it as missing', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/auth/verify-email', async ({ request }) => {
        posted.push(await request.json());
        return refusal(400, 'LINK_INVALID', messages.linkInvalid);
      }),
    );
    const { screen } = renderApp('/verifyEmail?token=123');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.linkInvalid);
    expect(posted).toEqual([{ token: '123' }]);
  });

  it('without a token, offers a verified user nothing to do and an unverified one a new e-mail', async () => {
    session.current = meOf(customer);
    const first = renderApp('/verifyEmail');
    expect(await first.screen.findByText(messages.emailAlreadyVerified)).toBeInTheDocument();
    expect(first.screen.queryByRole('button', { name: labels.resendVerification })).not.toBeInTheDocument();
    first.unmount();

    session.current = meOf(unverified);
    const second = renderApp('/verifyEmail');
    expect(await second.screen.findByText(messages.verifyReminder)).toBeInTheDocument();
    expect(second.screen.getByRole('button', { name: labels.resendVerification })).toBeEnabled();
  });
});
