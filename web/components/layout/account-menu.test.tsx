import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

describe('account menu', () => {
  it('reminds an unverified user to verify and sends a new e-mail on request', async () => {
    session.current = meOf({ ...customer, emailVerified: false });
    let resent = 0;
    server.use(
      http.post('*/api/auth/verify-email/resend', () => {
        resent += 1;
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { screen, user } = renderApp('/blogs');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(messages.verifyReminder);
    await user.click(screen.getByRole('menuitem', { name: labels.resendVerification }));
    expect(await screen.findByText(messages.verificationSent)).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('shows no reminder to a verified user', async () => {
    session.current = meOf(customer);
    const { screen, user } = renderApp('/blogs');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).not.toHaveTextContent(messages.verifyReminder);
    expect(screen.queryByRole('menuitem', { name: labels.resendVerification })).not.toBeInTheDocument();
  });

  it('shows the profile photo on the avatar button', async () => {
    session.current = {
      user: customer,
      profile: { name: customer.name, email: customer.email, imageUrl: '/uploads/abcdefabcdefabcdefabcdefabcdefab.png', phone: '5551234567', education: 'x', linkedin: 'https://l.example', facebook: 'https://f.example', address: 'y', companyName: '', jobTitle: '', taxNumber: '' },
    };
    const { screen } = renderApp('/blogs');
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/uploads/abcdefabcdefabcdefabcdefabcdefab.png?w=320');
  });
});
