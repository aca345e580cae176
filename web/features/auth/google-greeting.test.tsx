import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { GOOGLE_SIGNED_IN_COOKIE } from '#domain/identity/google-sign-in.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { session } from '../../test/server.ts';

describe('after a Google sign-in', () => {
  // This one first: a toast shown by a test stays in sonner's global list for the file.
  it('says nothing on an ordinary visit', async () => {
    session.current = meOf(customer);
    const { screen } = renderApp('/allProduct');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(messages.loginSuccess)).not.toBeInTheDocument();
  });

  it('greets once on the page the server returned to, and forgets the cookie', async () => {
    session.current = meOf(customer);
    document.cookie = `${GOOGLE_SIGNED_IN_COOKIE}=1; Path=/`;
    const first = renderApp('/allProduct');
    expect(await first.screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    expect(document.cookie).not.toContain(GOOGLE_SIGNED_IN_COOKIE);
  });
});
