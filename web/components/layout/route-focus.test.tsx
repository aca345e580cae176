import { http } from 'msw';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListDto, ProductDto } from '#http/dto.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server } from '../../test/server.ts';
import { makeProduct } from '../../test/fixtures.ts';

describe('page changes', () => {
  it('move focus to the new page’s main heading and announce it', async () => {
    const { screen, user } = renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /hardware parts and tools in bulk/i });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('route-announcer')).toHaveTextContent(/hardware parts and tools in bulk/i);
  });

  it('show a loading bar at once while the next page waits on its data', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/products', async () => {
        await held;
        return json<ListDto<ProductDto>>({ items: [makeProduct({ id: 'p_slow', name: 'Slow Bolt' })], nextCursor: null });
      }),
    );
    const { screen, history } = renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    history.push('/allProduct');
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    release();
    await screen.findAllByText('Slow Bolt');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument());
  });
});

describe('a change of the same page’s choices', () => {
  it('keeps the focus in the search box that was sent, though the box is drawn anew with the new words', async () => {
    const { screen, user, history } = renderApp('/allProduct');
    const box = await screen.findByRole('searchbox', { name: 'Search the catalogue' });
    await user.type(box, 'washer{Enter}');
    await waitFor(() => expect(history.location.search).toContain('q=washer'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).not.toHaveFocus();
    expect(screen.getByTestId('route-announcer')).toBeEmptyDOMElement();
  });

  it('keeps the focus in the price box a range was sent from, and sends it to the heading when the pressed filter goes away', async () => {
    const { screen, user, history } = renderApp('/allProduct?inStock=true');
    await user.type(await screen.findByRole('textbox', { name: 'Highest price' }), '20{Enter}');
    await waitFor(() => expect(history.location.search).toContain('maxPrice=20'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Highest price' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove filter In stock' }));
    await waitFor(() => expect(history.location.search).not.toContain('inStock'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });
});
