import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { notifyManager } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { admin, customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { GoogleStatusDto } from '#http/dto.ts';
import { json, refusal, server, session } from '../../test/server.ts';

/** This server offers Google sign-in (GET /api/auth/google/status). */
const googleOffered = () => server.use(http.get('*/api/auth/google/status', () => json<GoogleStatusDto>({ configured: true })));

describe('login page', () => {
  it('shows the catalogue message under each empty field on submit, linked by aria-describedby', async () => {
    const { screen, user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(messages.emailRequired);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // A keyboard user lands on the first field to fix.
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('moves focus to the password when only it is refused, and to the e-mail when the server refuses that', async () => {
    server.use(http.post('*/api/auth/sign-in', () => refusal(400, 'VALIDATION_FAILED', messages.invalidInput, { email: messages.emailInvalid })));
    const { screen, user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText(messages.emailInvalid)).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('rejects a malformed e-mail and a short password when the user leaves the fields', async () => {
    const { screen, user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.tab();
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    const { screen, user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('signs in, toasts success and returns to the remembered page', async () => {
    let sentBody: unknown;
    server.use(
      http.post('*/api/auth/sign-in', async ({ request }) => {
        sentBody = await request.json();
        session.current = meOf(customer);
        return HttpResponse.json({ user: customer, token: 'jwt' });
      }),
      http.get('*/api/orders', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const { screen, user, history } = renderApp('/login?redirect=%2Fdashboard');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome To Dashboard' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard');
    expect(sentBody).toEqual({ email: 'buyer@example.com', password: 'secret123' });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('lands an admin on the dashboard overview and a buyer on the home page when no page asked', async () => {
    server.use(
      http.post('*/api/auth/sign-in', async ({ request }) => {
        const { email } = (await request.json()) as { email: string };
        const who = email.startsWith('admin') ? admin : customer;
        session.current = meOf(who);
        return HttpResponse.json({ user: who, token: 'jwt' });
      }),
    );
    const signIn = async (email: string) => {
      const rendered = renderApp('/login');
      await rendered.user.type(await rendered.screen.findByLabelText('Email'), email);
      await rendered.user.type(rendered.screen.getByLabelText('Password'), 'secret123');
      await rendered.user.click(rendered.screen.getByRole('button', { name: 'Login' }));
      await rendered.screen.findByText(messages.loginSuccess);
      return rendered;
    };
    const asAdmin = await signIn('admin@example.com');
    await waitFor(() => expect(asAdmin.history.location.pathname).toBe('/dashboard'));
    expect(await asAdmin.screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    asAdmin.unmount();

    const asBuyer = await signIn('buyer@example.com');
    await waitFor(() => expect(asBuyer.history.location.pathname).toBe('/'));
  });

  it('shows the server refusal for wrong credentials and stays on the page', async () => {
    server.use(http.post('*/api/auth/sign-in', () => refusal(401, 'INVALID_CREDENTIALS', messages.invalidCredentials)));
    const { screen, user, history } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.invalidCredentials)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });

  it('shows no Google button when the server has no Google sign-in', async () => {
    let asked = 0;
    server.use(http.get('*/api/auth/google/status', () => ((asked += 1), json<GoogleStatusDto>({ configured: false }))));
    const { screen, queryClient } = renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    await expect.poll(() => asked).toBe(1);
    // The absence means something once the page has the answer: the status query holds it, and
    // React Query has passed it on to the button (its notifications go out in one scheduled turn,
    // so a turn scheduled after them runs once they have).
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'google-status'])?.data).toEqual({ configured: false }));
    await act(() => new Promise<void>((notified) => notifyManager.schedule(notified)));
    expect(screen.queryByRole('button', { name: labels.continueWithGoogle })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('says Google sign-in is not configured when the server answers 503 after all', async () => {
    googleOffered();
    server.use(http.get('*/api/auth/google', () => refusal(503, 'GOOGLE_NOT_CONFIGURED', messages.googleNotConfigured)));
    const { screen, user, history } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(messages.googleNotConfigured)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });

  it('starts Google sign-in with the page to return to, on /login and on /signUp', async () => {
    googleOffered();
    const probed: string[] = [];
    server.use(
      http.get('*/api/auth/google', ({ request }) => {
        probed.push(new URL(request.url).searchParams.get('returnTo') ?? '(none)');
        return refusal(503, 'GOOGLE_NOT_CONFIGURED', messages.googleNotConfigured);
      }),
    );
    const login = renderApp('/login?redirect=%2Fdashboard%2FmyProfile');
    await login.user.click(await login.screen.findByRole('button', { name: labels.continueWithGoogle }));
    await expect.poll(() => probed).toEqual(['/dashboard/myProfile']);
    login.unmount();
    const signUp = renderApp('/signUp?redirect=%2FallProduct');
    await signUp.user.click(await signUp.screen.findByRole('button', { name: labels.continueWithGoogle }));
    await expect.poll(() => probed).toEqual(['/dashboard/myProfile', '/allProduct']);
    signUp.unmount();
    // No page asked: no returnTo, so the server lands the user by role (an admin on the dashboard).
    const plain = renderApp('/login');
    await plain.user.click(await plain.screen.findByRole('button', { name: labels.continueWithGoogle }));
    await expect.poll(() => probed).toEqual(['/dashboard/myProfile', '/allProduct', '(none)']);
  });

  it('explains a Google sign-in that came back with ?error=google', async () => {
    const { screen } = renderApp('/login?error=google');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.googleSignInFailed);
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows no Google failure on a plain visit', async () => {
    const { screen } = renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText(messages.googleSignInFailed)).not.toBeInTheDocument();
  });

  it('sends strangers from a signed-in page to /login with the page remembered', async () => {
    const { screen, history } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(history.location.search).toContain('redirect=%2Fdashboard');
  });
});
