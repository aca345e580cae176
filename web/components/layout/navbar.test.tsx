import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

describe('navbar', () => {
  it('offers Login and Sign Up to visitors and hides Dashboard', async () => {
    const { screen } = renderApp('/blogs');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2Fblogs');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signUp?redirect=%2Fblogs');
    for (const name of ['Home', 'All Product', 'Blogs', 'My Portfolio']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user the account menu with name, e-mail, phone, My Profile and Sign Out', async () => {
    session.current = { user: customer, profile: { name: customer.name, email: customer.email, imageUrl: '', phone: '5551234567', education: '', linkedin: '', facebook: '', address: '', companyName: '', jobTitle: '', taxNumber: '' } };
    let signedOut = false;
    server.use(http.post('*/api/auth/sign-out', () => {
      signedOut = true;
      session.current = null;
      return new HttpResponse(null, { status: 204 });
    }));
    const { screen, user } = renderApp('/blogs');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(customer.name);
    expect(menu).toHaveTextContent(customer.email);
    expect(menu).toHaveTextContent('5551234567');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText(messages.signedOut)).toBeInTheDocument();
    expect(signedOut).toBe(true);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('signed out at home by keyboard, the focus goes to the page heading, not to the body', async () => {
    session.current = meOf(customer);
    server.use(http.post('*/api/auth/sign-out', () => {
      session.current = null;
      return new HttpResponse(null, { status: 204 });
    }));
    const { screen, user } = renderApp('/');
    (await screen.findByRole('button', { name: 'Account menu' })).focus();
    await user.keyboard('{Enter}');
    (await screen.findByRole('menuitem', { name: 'Sign Out' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await expect.poll(() => document.activeElement?.tagName).toBe('H1');
  });

  it('offers Edit Profile when the user has no profile yet', async () => {
    session.current = meOf(customer);
    const { screen, user } = renderApp('/blogs');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('closes the phone menu on Escape and gives focus back to its button', async () => {
    const { screen, user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
