import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { ProductDto, ProductSuggestionDto } from '#http/dto.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { DEBOUNCE_MS } from '../catalog/product-combobox.tsx';
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
  afterEach(() => {
    vi.useRealTimers();
  });

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
    const { screen } = renderApp('/blogs');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    // From here the timeouts are fake (the typeahead's debounce, msw's slow answer, React Query's
    // notifications): time moves only when the test moves it, so every pause is exact. The box is
    // typed into with fireEvent, since user-event and findBy* wait on a real timeout between steps.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typed = (text: string) => fireEvent.change(box, { target: { value: text } });
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const words = () => asked.map((request) => request.q);

    typed('pi');
    await wait(DEBOUNCE_MS);
    await expect.poll(words).toEqual(['pi']);
    // "pip" is typed past before the debounce is up, and "pipe" is left to settle.
    typed('pip');
    await wait(DEBOUNCE_MS - 1);
    typed('pipe');
    await wait(DEBOUNCE_MS);
    // The debounce has run for both: one request for the settled words, none for "pip".
    await expect.poll(words).toEqual(['pi', 'pipe']);
    await expect.poll(() => asked[0]!.signal.aborted).toBe(true);
    expect(asked[1]!.signal.aborted).toBe(false);
  });
  /** Suggestions as a member's answer carries them (one priced below the list, one at it), even when the cache outlives the session. */
  const memberSuggestions = () =>
    server.use(
      http.get('*/api/products/suggest', () =>
        json<ProductSuggestionDto[]>([
          { ...suggestion('p_pipe', 'Pipe Wrench 14"', 'WR-PIPE-14'), yourPrice: { unitPriceCents: 99 } },
          { ...suggestion('p_torque', 'Torque Wrench 1/2"', 'WR-TQ-12'), yourPrice: { unitPriceCents: 120 } },
        ]),
      ),
    );

  it("marks a company member's own price in the suggestions, the list price struck beneath it", async () => {
    session.current = meOf(customer);
    memberSuggestions();
    const { screen, user } = renderApp('/blogs');
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'wre');
    const [discounted, same] = await screen.findAllByRole('option');
    expect(discounted).toHaveTextContent('Your price$0.99List price $1.20');
    expect(same).toHaveTextContent(/\$1\.20$/);
    expect(same).not.toHaveTextContent('Your price');
  });

  it('shows no "Your price" to someone signed out, whatever the answer carries', async () => {
    memberSuggestions();
    const { screen, user } = renderApp('/blogs');
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'wre');
    const [first] = await screen.findAllByRole('option');
    expect(first).toHaveTextContent(/\$1\.20$/);
    expect(first).not.toHaveTextContent('Your price');
  });
});
