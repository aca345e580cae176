/**
 * schema.org JSON-LD for search engines (docs/catalogue.md, "Search engines"): a product page's
 * `Product` and `BreadcrumbList`, the home page's `Organization` and `WebSite`. Pure functions of
 * the API's shapes, so the server renderer and the browser write the same objects; `jsonLdScript`
 * makes one safe to inline in a `<script type="application/ld+json">`.
 */
import type { ProductDto } from '#http/dto.ts';

/** What every builder needs: the shop's public origin (PUBLIC_URL, no trailing slash) and name. */
export interface JsonLdSite {
  publicUrl: string;
  shopName?: string | undefined;
}

export type JsonLd = Record<string, unknown>;

const DEFAULT_SHOP_NAME = 'Bulkhead';
/** Prices are US dollars, kept in cents end to end. */
const CURRENCY = 'USD';
/** UN/CEFACT "one": a quantity counted in the product's unit of sale. */
const UNIT_CODE = 'C62';

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** An absolute URL: a path is joined to the public origin, an absolute URL is kept. */
export const absoluteUrl = (publicUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base(publicUrl)}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

/** Cents as schema.org wants a price: a plain decimal string, `2200` → `"22.00"`. */
const price = (cents: number): string => (cents / 100).toFixed(2);

export const productUrl = (publicUrl: string, product: Pick<ProductDto, 'id'>): string => `${base(publicUrl)}/product/${encodeURIComponent(product.id)}`;
/** The catalogue filtered to a category, as its page reads it (`?category=<slug>`). */
export const categoryUrl = (publicUrl: string, slug: string): string => `${base(publicUrl)}/allProduct?category=${encodeURIComponent(slug)}`;

/**
 * Orderable means at least the product's minimum is in stock: below it nobody can order, so a
 * search engine is told `OutOfStock` rather than promised what the cart would refuse.
 */
export const availabilityOf = (product: Pick<ProductDto, 'stock' | 'minOrderQuantity'>): string =>
  product.stock > 0 && product.stock >= product.minOrderQuantity ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/**
 * One UnitPriceSpecification per price band: the base price from the minimum up to the first
 * tier, then each tier up to the next (the last one open-ended).
 */
const priceBands = (product: Pick<ProductDto, 'priceCents' | 'minOrderQuantity' | 'priceTiers'>): JsonLd[] => {
  const bands = [{ minQuantity: product.minOrderQuantity, unitPriceCents: product.priceCents }, ...product.priceTiers];
  return bands.map((band, index) => {
    const next = bands[index + 1];
    return {
      '@type': 'UnitPriceSpecification',
      price: price(band.unitPriceCents),
      priceCurrency: CURRENCY,
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: band.minQuantity,
        ...(next ? { maxValue: next.minQuantity - 1 } : {}),
        unitCode: UNIT_CODE,
      },
    };
  });
};

/** A product page's `Product`, with one `Offer` whose price tiers are its price specifications. */
export function productJsonLd(product: ProductDto, site: JsonLdSite): JsonLd {
  const url = productUrl(site.publicUrl, product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    sku: product.sku,
    mpn: product.sku,
    description: product.description,
    image: [absoluteUrl(site.publicUrl, product.imageUrl)],
    url,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: price(product.priceCents),
      priceCurrency: CURRENCY,
      availability: availabilityOf(product),
      itemCondition: 'https://schema.org/NewCondition',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minOrderQuantity, unitCode: UNIT_CODE },
      priceSpecification: priceBands(product),
      seller: { '@type': 'Organization', name: site.shopName ?? DEFAULT_SHOP_NAME },
    },
  };
}

/** Home → category (when the product has one) → product. */
export function breadcrumbJsonLd(product: Pick<ProductDto, 'id' | 'name' | 'category'>, site: JsonLdSite): JsonLd {
  const crumbs = [
    { name: 'Home', item: `${base(site.publicUrl)}/` },
    ...(product.category ? [{ name: product.category.name, item: categoryUrl(site.publicUrl, product.category.slug) }] : []),
    { name: product.name, item: productUrl(site.publicUrl, product) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };
}

/**
 * The home page's `Organization` and `WebSite`, the site search pointing at the catalogue's own
 * search parameter (`/allProduct?q=`, web/features/products/catalogue-search.ts).
 */
export function homeJsonLd(site: JsonLdSite): JsonLd {
  const home = `${base(site.publicUrl)}/`;
  const name = site.shopName ?? DEFAULT_SHOP_NAME;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': `${home}#organization`, name, url: home },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name,
        url: home,
        publisher: { '@id': `${home}#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${base(site.publicUrl)}/allProduct?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The object as the text of an inline `<script type="application/ld+json">`: JSON with `<`, `>`
 * and `&` written as escapes (so `</script>` or `<!--` in a product name cannot end the script)
 * and U+2028/U+2029 escaped too. JSON.parse reads the same object back.
 */
export const jsonLdScript = (value: JsonLd): string => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
