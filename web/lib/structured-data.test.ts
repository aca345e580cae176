import { describe, expect, it } from 'vitest';
import { makeProduct } from '../test/fixtures.ts';
import { availabilityOf, breadcrumbJsonLd, homeJsonLd, jsonLdScript, productJsonLd } from './structured-data.ts';

const site = { publicUrl: 'https://shop.example.com/', shopName: 'Bulkhead Supply Co.' };

const screws = makeProduct({
  id: 'p_screw',
  sku: 'SCR-4X40-ZN',
  name: 'Wood screw 4×40',
  description: 'Zinc-plated wood screws.',
  imageUrl: '/uploads/screw.webp',
  brand: 'Spax',
  minOrderQuantity: 100,
  stock: 340,
  priceCents: 120,
  category: { id: 'c_screws', name: 'Screws', slug: 'screws' },
  categoryId: 'c_screws',
  priceTiers: [
    { minQuantity: 200, unitPriceCents: 98 },
    { minQuantity: 1000, unitPriceCents: 85 },
  ],
});

describe('productJsonLd', () => {
  it('describes the product with absolute URLs, its brand and one offer priced by its tiers', () => {
    const ld = productJsonLd(screws, site);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Wood screw 4×40',
      sku: 'SCR-4X40-ZN',
      description: 'Zinc-plated wood screws.',
      image: ['https://shop.example.com/uploads/screw.webp'],
      url: 'https://shop.example.com/product/p_screw',
      brand: { '@type': 'Brand', name: 'Spax' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example.com/product/p_screw',
        price: '1.20',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: { minValue: 100 },
      },
    });
    const offers = ld.offers as { priceSpecification: { price: string; eligibleQuantity: { minValue: number; maxValue?: number } }[] };
    expect(offers.priceSpecification.map(({ price, eligibleQuantity }) => [price, eligibleQuantity.minValue, eligibleQuantity.maxValue])).toEqual([
      ['1.20', 100, 199],
      ['0.98', 200, 999],
      ['0.85', 1000, undefined],
    ]);
  });

  it('keeps an image that is already absolute and leaves out a brand the product has none of', () => {
    const ld = productJsonLd(makeProduct({ imageUrl: 'https://cdn.example.net/a.png', brand: null }), site);
    expect(ld.image).toEqual(['https://cdn.example.net/a.png']);
    expect(ld).not.toHaveProperty('brand');
  });
});

describe('availabilityOf', () => {
  it('is in stock only while at least the minimum can be ordered', () => {
    expect([
      availabilityOf({ stock: 340, minOrderQuantity: 100 }),
      availabilityOf({ stock: 100, minOrderQuantity: 100 }),
      availabilityOf({ stock: 99, minOrderQuantity: 100 }),
      availabilityOf({ stock: 0, minOrderQuantity: 100 }),
    ]).toEqual(['https://schema.org/InStock', 'https://schema.org/InStock', 'https://schema.org/OutOfStock', 'https://schema.org/OutOfStock']);
  });
});

describe('breadcrumbJsonLd', () => {
  it('leads from home through the category to the product', () => {
    expect(breadcrumbJsonLd(screws, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Screws', item: 'https://shop.example.com/allProduct?category=screws' },
        { '@type': 'ListItem', position: 3, name: 'Wood screw 4×40', item: 'https://shop.example.com/product/p_screw' },
      ],
    });
  });

  it('skips the category of a product filed under none', () => {
    const ld = breadcrumbJsonLd({ ...screws, category: null }, site) as { itemListElement: { name: string; position: number }[] };
    expect(ld.itemListElement.map(({ name, position }) => [position, name])).toEqual([
      [1, 'Home'],
      [2, 'Wood screw 4×40'],
    ]);
  });
});

describe('homeJsonLd', () => {
  it('names the organisation and the site, whose search is the catalogue’s q parameter', () => {
    const ld = homeJsonLd(site) as { '@graph': Record<string, unknown>[] };
    expect(ld['@graph']).toHaveLength(2);
    expect(ld['@graph'][0]).toMatchObject({ '@type': 'Organization', name: 'Bulkhead Supply Co.', url: 'https://shop.example.com/' });
    expect(ld['@graph'][1]).toMatchObject({
      '@type': 'WebSite',
      url: 'https://shop.example.com/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://shop.example.com/allProduct?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('jsonLdScript', () => {
  it('cannot be broken out of by a product name, and reads back as the same object', () => {
    const hostile = productJsonLd(makeProduct({ name: '</script><script>alert(1)</script> & <!-- \u2028\u2029' }), site);
    const text = jsonLdScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
