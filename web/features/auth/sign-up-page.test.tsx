import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';

describe('sign-up page', () => {
  it('refuses a confirmation that differs from the password, under the confirm field', async () => {
    let called = false;
    server.use(http.post('*/api/auth/sign-up', () => {
      called = true;
      return HttpResponse.json({ user: customer, token: 'jwt' }, { status: 201 });
    }));
    const { screen, user } = renderApp('/signUp');
    await user.type(await screen.findByLabelText('Name'), 'Bea Buyer');
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.passwordsDiffer)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(messages.passwordsDiffer);
    expect(called).toBe(false);
  });

  it('does not flag the confirmation before the user reaches it, and clears a shown error while typing', async () => {
    const { screen, user } = renderApp('/signUp');
    await user.type(await screen.findByLabelText('Password'), 'secret123');
    await user.tab();
    expect(screen.queryByText(messages.confirmPasswordRequired)).not.toBeInTheDocument();
    const confirm = screen.getByLabelText('Confirm Password');
    await user.click(confirm);
    await user.type(confirm, 'secret12');
    await user.tab();
    expect(await screen.findByText(messages.passwordsDiffer)).toBeInTheDocument();
    await user.type(confirm, '3');
    // Fixed while typing, so nothing moves under the pointer on the way to the submit button.
    expect(screen.queryByText(messages.passwordsDiffer)).not.toBeInTheDocument();
  });

  it('shows a field the server refuses under that field, and drops it once the field is edited', async () => {
    server.use(http.post('*/api/auth/sign-up', () => refusal(400, 'VALIDATION_FAILED', messages.emailInvalid, { email: messages.emailInvalid })));
    const { screen, user } = renderApp('/signUp');
    await user.type(await screen.findByLabelText('Name'), 'Bea Buyer');
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(messages.emailInvalid));
    await user.type(email, 'm');
    expect(email).not.toHaveAccessibleDescription(messages.emailInvalid);
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the server message when the e-mail is taken', async () => {
    server.use(http.post('*/api/auth/sign-up', () => refusal(409, 'EMAIL_TAKEN', messages.emailTaken)));
    const { screen, user } = renderApp('/signUp');
    await user.type(await screen.findByLabelText('Name'), 'Bea Buyer');
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.emailTaken)).toBeInTheDocument();
  });

  it('returns a visitor who signs up from the cart to the cart, and the navbar’s Sign Up to the page it was pressed on', async () => {
    session.current = null;
    server.use(
      http.post('*/api/auth/sign-up', () => {
        session.current = meOf(customer);
        return HttpResponse.json({ user: customer, token: 'jwt' }, { status: 201 });
      }),
      http.get('*/api/cart', () => HttpResponse.json({ lines: [], lineCount: 0, itemCount: 0, totalCents: 0, orderable: false })),
      http.put('*/api/cart', () => HttpResponse.json({ lines: [], lineCount: 0, itemCount: 0, totalCents: 0, orderable: false })),
      http.get('*/api/products/:id', () => HttpResponse.json(makeProduct())),
    );
    const { screen, user, history } = renderApp('/quickOrder');
    const main = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(await main.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signUp?redirect=%2FquickOrder');
    localStorage.setItem('bulkhead.cart', JSON.stringify([{ productId: 'p_wrench', quantity: 100 }]));
    await history.push('/cart');
    await user.click(await screen.findByRole('link', { name: 'Register' }));
    await expect.poll(() => history.location.pathname).toBe('/signUp');
    await user.type(await screen.findByLabelText('Name'), 'Bea Buyer');
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await expect.poll(() => history.location.pathname).toBe('/cart');
  });
});
