import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { CategoryNodeDto, ProductSearchDto } from '#http/dto.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server } from '../../test/server.ts';

const attributes: ProductSearchDto['facets']['attributes'] = [
  {
    name: 'Thread',
    values: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16'].map((value, index) => ({ value, count: 10 - index })),
  },
  { name: 'Material', values: [{ value: 'A2 stainless', count: 6 }, { value: 'Zinc plated', count: 4 }] },
];

/** The catalogue endpoint with spec facets: records each `attr` list asked. */
const catalogue = () => {
  const asked: string[][] = [];
  server.use(
    http.get('*/api/categories', () => json<CategoryNodeDto[]>([])),
    http.get('*/api/products', ({ request }) => {
      asked.push(new URL(request.url).searchParams.getAll('attr'));
      return json<ProductSearchDto>({
        items: [makeProduct({ id: 'p_bolt', name: 'Hex bolt M8' })],
        nextCursor: null,
        total: 1,
        facets: { categories: [], brands: [], attributes },
      });
    }),
  );
  return asked;
};

/** The catalogue's spec facets (docs/catalogue.md, "Spec facets"). */
describe('the catalogue: spec facets', () => {
  it('shows each spec as a group of labelled checkboxes with counts, the long ones shortened until asked', async () => {
    catalogue();
    const { screen, user } = renderApp('/allProduct');
    const thread = within(await screen.findByRole('group', { name: 'Thread' }));
    expect(thread.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['M4 (10)', 'M5 (9)', 'M6 (8)', 'M8 (7)', 'M10 (6)', 'M12 (5)']);
    await user.click(thread.getByRole('button', { name: 'Show all 7 Thread values' }));
    expect(thread.getByRole('checkbox', { name: 'M16 (4)' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Material' })).getByRole('checkbox', { name: 'Zinc plated (4)' })).not.toBeChecked();
  });

  it('puts each tick in the URL and asks the API with attr repeated; a chip or an untick takes it back', async () => {
    const asked = catalogue();
    const { screen, user, history } = renderApp('/allProduct');
    const thread = within(await screen.findByRole('group', { name: 'Thread' }));
    // By keyboard: a real checkbox takes Space.
    thread.getByRole('checkbox', { name: 'M8 (7)' }).focus();
    await user.keyboard(' ');
    await user.click(thread.getByRole('checkbox', { name: 'M10 (6)' }));
    await user.click(within(screen.getByRole('group', { name: 'Material' })).getByRole('checkbox', { name: 'A2 stainless (6)' }));
    await waitFor(() => expect(asked.at(-1)).toEqual(['Thread:M8', 'Thread:M10', 'Material:A2 stainless']));
    expect(history.location.search).toContain('attr=');
    expect(thread.getByRole('checkbox', { name: 'M8 (7)' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remove filter Thread: M10' }));
    await waitFor(() => expect(asked.at(-1)).toEqual(['Thread:M8', 'Material:A2 stainless']));
    await user.click(within(screen.getByRole('group', { name: 'Material' })).getByRole('checkbox', { name: 'A2 stainless (6)' }));
    // That list was asked for before (after the first tick): the cached answer serves it, so the URL tells.
    const ticks = () => JSON.parse(new URLSearchParams(history.location.search).get('attr') ?? '[]') as unknown;
    await waitFor(() => expect(ticks()).toEqual(['Thread:M8']));
    expect(within(screen.getByRole('group', { name: 'Material' })).getByRole('checkbox', { name: 'A2 stainless (6)' })).not.toBeChecked();
  });

  it('reads the ticks from the URL, so a link or Back restores them', async () => {
    const asked = catalogue();
    const attr = encodeURIComponent(JSON.stringify(['Thread:M12']));
    const { screen } = renderApp(`/allProduct?attr=${attr}`);
    // A ticked value shows even when it is not among the first few.
    expect(await screen.findByRole('checkbox', { name: 'M12 (5)' })).toBeChecked();
    await waitFor(() => expect(asked.at(-1)).toEqual(['Thread:M12']));
    expect(screen.getByRole('button', { name: 'Remove filter Thread: M12' })).toBeInTheDocument();
  });
});
