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
