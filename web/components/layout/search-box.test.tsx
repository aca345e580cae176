import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { ProductDto, ProductSuggestionDto } from '#http/dto.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server, session } from '../../test/server.ts';

const suggestion = (id: string, name: string, sku: string): ProductSuggestionDto => ({ id, sku, name, imageUrl: '/demo/x.svg', priceCents: 120 });

/** The typeahead endpoint: answers by the words asked, records them and whether each request was cancelled. */
const typeahead = () => {
  const asked: { q: string; signal: AbortSignal }[] = [];
  server.use(
    http.get('*/api/products/suggest', async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push({ q, signal: request.signal });
      // A slow answer for two letters, so typing on overtakes it.
      if (q === 'pi') await delay(2_000);
      return json<ProductSuggestionDto[]>(
        q.toLowerCase().startsWith('wre')
          ? [suggestion('p_pipe', 'Pipe Wrench 14"', 'WR-PIPE-14'), suggestion('p_torque', 'Torque Wrench 1/2"', 'WR-TQ-12')]
          : [],
      );
    }),
    http.get('*/api/products/:id', ({ params }) => json<ProductDto>(makeProduct({ id: String(params.id), name: params.id === 'p_torque' ? 'Torque Wrench 1/2"' : 'Pipe Wrench 14"' }))),
  );
  return asked;
};

describe('navbar search (typeahead combobox)', () => {
  it('opens a product chosen with the arrow keys and Enter', async () => {
    session.current = meOf(customer);
    const asked = typeahead();
    const { screen, user, history } = renderApp('/blogs');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'wre');
    const list = await screen.findByRole('listbox', { name: 'Suggested products' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    // Debounced: one request for the settled words, not one per key.
    expect(asked.map((request) => request.q)).toEqual(['wre']);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Torque Wrench 1/2"' });
    expect(history.location.pathname).toBe('/product/p_torque');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('');
    // Reading goes on at the chosen product, not in the search box.
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('closes on Escape, clears on a second Escape, and searches the catalogue on Enter without a choice', async () => {
    typeahead();
    const { screen, user, history } = renderApp('/blogs');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'wre');
    await screen.findByRole('listbox', { name: 'Suggested products' });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');

    await user.type(box, 'M8 nut');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/allProduct');
    expect(new URLSearchParams(history.location.search).get('q')).toBe('M8 nut');
  });

  it('cancels a request the buyer has typed past', async () => {
    const asked = typeahead();
    const { screen, user } = renderApp('/blogs');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'pi');
    await new Promise((resolve) => setTimeout(resolve, 250));
    await user.type(box, 'pe');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(asked.map((request) => request.q)).toEqual(['pi', 'pipe']);
    expect(asked[0]!.signal.aborted).toBe(true);
    expect(asked[1]!.signal.aborted).toBe(false);
  });
});
