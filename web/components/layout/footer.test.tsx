import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { renderApp } from '../../test/render-app.tsx';

describe('the footer', () => {
  it('leads every item somewhere real: the catalogue, the contact form, and pages for delivery, terms and privacy', async () => {
    const { screen, user, history } = renderApp('/');
    const footer = within(await screen.findByRole('contentinfo'));
    const links = footer.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bulk ordering', '/allProduct'],
      ['Delivery', '/info/delivery'],
      ['Product sourcing', '/#contact'],
      ['Contact', '/#contact'],
      ['Engineering notes', '/blogs'],
      ['Terms of use', '/info/terms'],
      ['Privacy and cookies', '/info/privacy'],
    ]);
    await user.click(footer.getByRole('link', { name: 'Privacy and cookies' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cookies' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/info/privacy');
  });

  it('answers an unknown page with the not-found page', async () => {
    const { screen } = renderApp('/info/careers');
    expect(await screen.findByText(/not found|could not find|doesn.t exist/i)).toBeInTheDocument();
  });
});
