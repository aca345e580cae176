import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

describe('not-found page', () => {
  it('shows the heading, an illustration with alt text and a way home for an unknown path', async () => {
    const { screen, user, history } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /broken wrench/i })).toBeInTheDocument();
    // The server sends the app with 200 for any path: the page itself asks not to be indexed.
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(history.location.pathname).toBe('/');
    await screen.findByRole('heading', { name: 'New Products' });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
