import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { labels } from './labels.ts';
import { customer, meOf } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { refusal, server, session } from '../test/server.ts';

describe('a signed-in call refused by the server', () => {
  it('clears the session, goes home and says the session expired', async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/orders', () => {
        // The server revoked the session (sign-out elsewhere, deleted user...).
        session.current = null;
        return refusal(401, 'UNAUTHENTICATED', messages.notSignedIn);
      }),
    );
    const { screen, history } = renderApp('/dashboard');
    expect(await screen.findByText(messages.sessionExpired)).toBeInTheDocument();
    await expect.poll(() => history.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText(labels.noOrders)).not.toBeInTheDocument();
  });
});
