import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures.ts';
import { pagedList } from '../../test/paged-list.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const products = Array.from({ length: 8 }, (_, index) =>
  makeProduct({ id: `p_${index}`, name: `Part ${index}`, imageUrl: `/uploads/part-${index}.png` }),
);

describe('all products', () => {
  it('loads the first row of images at once (the first at high priority), the rest lazily, then more on demand', async () => {
    server.use(http.get('*/api/products', pagedList(() => products, 6).resolver));
    const { screen, user } = renderApp('/allProduct');
    expect(await screen.findByRole('heading', { level: 2, name: 'Part 0' })).toBeInTheDocument();
    // Decorative (alt=""), so not in the accessibility tree: found by their source instead.
    const images = [...document.querySelectorAll('img[src^="/uploads/part-"]')];
    expect(images).toHaveLength(6);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('fetchpriority', 'auto');

    await user.click(screen.getByRole('link', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Part 7' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
