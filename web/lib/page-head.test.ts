import { describe, expect, it } from 'vitest';
import { pageHead, siteUrlOf } from './page-head.ts';

describe('pageHead', () => {
  it('gives a product page its title, description, canonical URL and image previews on the site URL', () => {
    const head = pageHead('https://shop.example/store', { title: 'Hex bolt', description: 'A bolt.', path: '/product/p%201', image: '/demo/bolt.svg' });
    const byKey = Object.fromEntries(head.meta.map((tag) => [tag.name ?? tag.property ?? 'title', tag.content ?? tag.title]));
    expect(byKey).toMatchObject({
      title: 'Hex bolt | Bulkhead',
      description: 'A bolt.',
      'og:type': 'product',
      'og:url': 'https://shop.example/store/product/p%201',
      'og:image': 'https://shop.example/store/demo/bolt.svg',
      'twitter:card': 'summary_large_image',
      'twitter:image': 'https://shop.example/store/demo/bolt.svg',
    });
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://shop.example/store/product/p%201' }]);
    expect(byKey.robots).toBeUndefined();
  });

  it('leaves out the canonical URL and images when there are none, and keeps the not-found page out of search engines', () => {
    const head = pageHead('https://shop.example', { title: 'Page not found', description: 'Gone.', noIndex: true });
    expect(head.links).toEqual([]);
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(head.meta.some((tag) => tag.property === 'og:image' || tag.property === 'og:url')).toBe(false);
  });

  it('reads the site URL from the root route loader data', () => {
    expect(siteUrlOf([{ loaderData: { siteUrl: 'https://shop.example' } }, { loaderData: undefined }])).toBe('https://shop.example');
  });
});
