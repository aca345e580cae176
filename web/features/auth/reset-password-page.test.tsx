import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';

describe('reset password: asking for the link', () => {
  it('is linked from the login page', async () => {
    const { screen, user, history } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: labels.forgotPassword }));
    expect(await screen.findByRole('heading', { level: 1, name: labels.resetPassword })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/resetPassword');
  });

  it('checks the e-mail like the login form before sending anything', async () => {
    let called = false;
    server.use(http.post('*/api/auth/password-reset', () => {
      called = true;
      return new HttpResponse(null, { status: 202 });
    }));
    const { screen, user } = renderApp('/resetPassword');
    await user.click(await screen.findByRole('button', { name: labels.resetPassword }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailInvalid);
    expect(called).toBe(false);
  });

  it('says the e-mail was sent (the server answers the same for unknown addresses)', async () => {
    let sent: unknown;
    server.use(http.post('*/api/auth/password-reset', async ({ request }) => {
      sent = await request.json();
      return new HttpResponse(null, { status: 202 });
    }));
    const { screen, user } = renderApp('/resetPassword');
    await user.type(await screen.findByLabelText('Email'), '  nobody@example.com ');
    await user.click(screen.getByRole('button', { name: labels.resetPassword }));
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('status')).toHaveTextContent(messages.resetEmailSent);
    expect(sent).toEqual({ email: 'nobody@example.com' });
    expect(main.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('shows the rate-limit refusal and keeps the form', async () => {
    server.use(http.post('*/api/auth/password-reset', () => refusal(429, 'RATE_LIMITED', messages.tooManyAttempts(15))));
    const { screen, user } = renderApp('/resetPassword');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: labels.resetPassword }));
    expect(await screen.findByText(messages.tooManyAttempts(15))).toBeInTheDocument();
    // (Toasts outlive a test in sonner's store, so look only at the page itself.)
    expect(within(screen.getByRole('main')).queryByText(messages.resetEmailSent)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});

describe('reset password: the e-mailed link', () => {
  const fillNewPassword = async (screen: ReturnType<typeof renderApp>['screen'], user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) => {
    await user.type(await screen.findByLabelText('New Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: labels.setNewPassword }));
  };

  it('applies the sign-up rules: length, confirmation, with a show/hide toggle', async () => {
    let called = false;
    server.use(http.post('*/api/auth/password-reset/confirm', () => {
      called = true;
      return new HttpResponse(null, { status: 204 });
    }));
    const { screen, user } = renderApp('/resetPassword?token=reset.token.1');
    await fillNewPassword(screen, user, 'abc', 'abd');
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordsDiffer)).toBeInTheDocument();
    const password = screen.getByLabelText('New Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(called).toBe(false);
  });

  it('sets the new password, signs this browser out and links to the login page', async () => {
    session.current = meOf(customer);
    let sent: unknown;
    server.use(http.post('*/api/auth/password-reset/confirm', async ({ request }) => {
      sent = await request.json();
      session.current = null;
      return new HttpResponse(null, { status: 204 });
    }));
    const { screen, user } = renderApp('/resetPassword?token=reset.token.1');
    await screen.findByRole('button', { name: 'Account menu' });
    await fillNewPassword(screen, user, 'new-secret-1');
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('status')).toHaveTextContent(messages.passwordChanged);
    expect(sent).toEqual({ token: 'reset.token.1', password: 'new-secret-1' });
    expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // The navbar shows a visitor again.
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it.each([
    ['expired', messages.linkExpired],
    ['already used', messages.linkUsed],
    ['tampered', messages.linkInvalid],
  ])('explains a link that is %s and offers to request a new one', async (_kind, message) => {
    server.use(http.post('*/api/auth/password-reset/confirm', () => refusal(400, 'LINK_INVALID', message)));
    const { screen, user, history } = renderApp('/resetPassword?token=bad.token');
    await fillNewPassword(screen, user, 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('link', { name: labels.requestNewLink }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/resetPassword');
    expect(history.location.search).toBe('');
  });

  it('shows a password the server refuses under the field', async () => {
    server.use(
      http.post('*/api/auth/password-reset/confirm', () =>
        refusal(400, 'VALIDATION_FAILED', messages.passwordTooLong, { password: messages.passwordTooLong }),
      ),
    );
    const { screen, user } = renderApp('/resetPassword?token=reset.token.1');
    await fillNewPassword(screen, user, 'new-secret-1');
    await screen.findAllByText(messages.passwordTooLong);
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(messages.passwordTooLong);
  });
});
