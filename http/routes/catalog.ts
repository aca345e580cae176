import { Hono } from 'hono';
import { z } from 'zod';
import { getProduct, searchCatalog, suggestProducts } from '#domain/catalog/browse-catalog.ts';
import type { Category } from '#domain/catalog/category.ts';
import { getCategoryTree } from '#domain/catalog/manage-categories.ts';
import { createProduct, deleteProduct, updateProduct } from '#domain/catalog/manage-catalog.ts';
import { quantityAdviceFor } from '#domain/catalog/quantity-advice-for.ts';
import type { Store } from '#domain/store.ts';
import type { CategoryNodeDto, ProductSearchDto, QuantityAdviceDto } from '../dto.ts';
import type { CachedJson } from '../middleware/cached-json.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import {
  catalogQuerySchema,
  idParamSchema,
  productPatchSchema,
  productSchema,
  quantityAdviceQuerySchema,
  suggestQuerySchema,
} from '../schemas.ts';
import { toProductDto, toSuggestionDto, type CategoryLookup } from '../serializers.ts';
import { validate } from '../validation.ts';
import type { MemberPrices } from '../member-prices.ts';
import { documented, responds } from '../responds.ts';
import { categoryNodeDto, productDto, productSearchDto, productSuggestionDto, quantityAdviceDto } from '../response-schemas.ts';

const lookupOf = (categories: readonly Category[]): CategoryLookup => new Map(categories.map((category) => [category.id, category]));
const idsOf = (products: readonly { id: string }[]): string[] => products.map((product) => product.id);
const categoryLookup = async (store: Store): Promise<CategoryLookup> => lookupOf(await store.categories.listAll());

/**
 * /api/products: the public catalogue — search with filters, facets and sorts, the typeahead,
 * one product, its quantity advice; admins add, edit and delete.
 *
 * Reads are served from serialised pages (`cached`, with ETags; app.ts answers its hits before
 * routing) for as long as the store's catalog version stays put; the storage bumps it on every
 * product, category or stock change, including other processes' or instances' writes, except an
 * order that only moved some products' stock: that drops only the pages showing them. Storage
 * without a version (PGlite, or PostgreSQL while it cannot hear the others) is read every time and
 * still answers 304 for an unchanged page.
 */
export const catalogRoutes = (ports: AppPorts, cached: CachedJson, member: MemberPrices) => {
  const admin = [requireUser(ports), requireAdmin] as const;
  const { store } = ports;
  return new Hono<AppEnv>()
    .get('/', member.page, validate('query', catalogQuerySchema), documented({
      summary: 'Search the catalogue',
      description:
        'Public; changes nothing; answered from a cache with an ETag (304 for an unchanged page); a signed-in member of a company gets the same page with `yourPrice` on each product (their unit price and tiers). `q` matches the start of words of the SKU, name, brand, description and attribute values, and the start of a SKU however it is typed (case, spaces, dashes, dots and slashes ignored); a word of 5 letters or more that no catalogue word starts with also matches the catalogue words one typing mistake away (two from 9 letters), ranked below every match as typed, unless `exact=true`; `correctedQuery` says when only the corrections found something. Filters by `category` (id or slug; a department includes its categories), `brand`, `inStock`, `minPriceCents`, `maxPriceCents` and specifications (`attr=Name:Value`, repeatable: every name given, any of the values given for one name); sorts by relevance (the exact SKU first), newest, price or name. A page of products with the total and the category, brand and specification facets, each counted without its own filter. 400 `VALIDATION_FAILED` for a bad value.',
    }), responds(200, productSearchDto), async (c) => {
      const found = await searchCatalog(ports, c.req.valid('query'));
      if (!found.ok) return problem(c, found.error);
      const categories = lookupOf(found.value.categories);
      const { items, nextCursor, total, facets, correctedQuery } = found.value;
      // Only a corrected search says so: every other answer keeps its shape.
      const page = { items: items.map((product) => toProductDto(product, categories)), nextCursor, total, facets, ...(correctedQuery === null ? {} : { correctedQuery }) } satisfies ProductSearchDto;
      return cached.send(c, page, idsOf(items));
    })
    .get('/suggest', member.suggestions, validate('query', suggestQuerySchema), documented({
      summary: 'Typeahead suggestions',
      description:
        'Public; changes nothing; cached with an ETag. Up to 8 products matching `q` as `{id, sku, name, imageUrl, priceCents}`, for a search box; for a signed-in member of a company, `yourPrice: {unitPriceCents}` (their price for `priceCents`; a suggestion carries no tiers).',
    }), responds(200, z.array(productSuggestionDto)), async (c) => {
      const suggested = await suggestProducts(ports, c.req.valid('query').q);
      return cached.send(c, suggested.map(toSuggestionDto), idsOf(suggested));
    })
    .get('/:id', member.product, validate('param', idParamSchema), documented({
      summary: 'One product',
      description:
        'Public; changes nothing; cached with an ETag. The product with its category, price tiers, minimum order, pack size and specifications; for a signed-in member of a company, `yourPrice` (their unit price and tiers). 404 `NOT_FOUND` for an unknown id.',
    }), responds(200, productDto), async (c) => {
      const found = await getProduct(ports, c.req.valid('param').id);
      return found.ok ? cached.send(c, toProductDto(found.value, await categoryLookup(store)), [found.value.id]) : problem(c, found.error);
    })
    .get('/:id/quantity-advice', member.unlessMember, validate('param', idParamSchema), validate('query', quantityAdviceQuerySchema), documented({
      summary: 'Check a quantity against a product',
      description:
        "Public; changes nothing; cached. Whether `quantity` can be ordered (the product's minimum, whole packs, the stock) and why not, its unit price and line total at the tier it reaches (a company member's price for a member, with `listUnitPriceCents` beside it when it differs), the next price break, and the nearest quantities that would do (rounded to a pack, the minimum, the most in stock). 404 `NOT_FOUND` for an unknown product; 400 `VALIDATION_FAILED` for a quantity that is not a whole number.",
    }), responds(200, quantityAdviceDto), async (c) => {
      const buyer = c.get('visitor') ?? null;
      const advice = await quantityAdviceFor(ports, { productId: c.req.valid('param').id, quantity: c.req.valid('query').quantity, buyerId: buyer?.id ?? null });
      return advice.ok ? cached.send(c, advice.value satisfies QuantityAdviceDto, [c.req.valid('param').id]) : problem(c, advice.error);
    })
    .post('/', ...admin, jsonBody, validate('json', productSchema), documented({
      summary: 'Add a product',
      description:
        'Admins. Creates the product (an empty SKU gets the next `BH-000123`; SKUs are stored upper-case) and records it in the audit log. 201 with the product. Refusals: 400 `VALIDATION_FAILED` naming each field (SKU of 2–32 `A–Z 0–9 - . /`, a minimum of at least 100 in whole packs, at most 6 rising tiers priced below the price, at most 30 attributes, a category that exists), 409 `SKU_TAKEN`.',
    }), responds(201, productDto), async (c) => {
      const created = await createProduct(ports, { actor: c.get('user'), product: c.req.valid('json') });
      return created.ok ? c.json(toProductDto(created.value, await categoryLookup(store)), 201) : problem(c, created.error);
    })
    .patch('/:id', ...admin, validate('param', idParamSchema), jsonBody, validate('json', productPatchSchema), documented({
      summary: 'Edit a product',
      description:
        'Admins. Changes the fields sent, checked by the same rules as a new product, and records the product before and after in the audit log; orders keep their own copy. 200 with the product. 404 `NOT_FOUND`, 400 `VALIDATION_FAILED`, 409 `SKU_TAKEN`.',
    }), responds(200, productDto), async (c) => {
      const updated = await updateProduct(ports, { actor: c.get('user'), id: c.req.valid('param').id, changes: c.req.valid('json') });
      return updated.ok ? c.json(toProductDto(updated.value, await categoryLookup(store)), 200) : problem(c, updated.error);
    })
    // Orders keep their own snapshot of the product, so they are untouched.
    .delete('/:id', ...admin, validate('param', idParamSchema), documented({
      summary: 'Delete a product',
      description:
        'Admins. Removes the product from the catalogue and from every cart, and records it in the audit log; orders keep their own copy of it. 204. 404 `NOT_FOUND`.',
    }), responds(204), async (c) => {
      const deleted = await deleteProduct(ports, { actor: c.get('user'), id: c.req.valid('param').id });
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    });
};

/** /api/categories: the department tree with in-stock counts, cached like the catalogue. */
export const categoryRoutes = (ports: AppPorts, cached: CachedJson) => {
  return new Hono<AppEnv>().get('/', cached.lookup, documented({
    summary: 'The department tree',
    description:
      'Public; changes nothing; cached. Departments by name, each with its categories, and how many products in stock each holds.',
  }), responds(200, z.array(categoryNodeDto)), async (c) =>
    // The counts change only when a shelf empties or fills again, which moves the catalog version.
    cached.send(c, (await getCategoryTree(ports)) satisfies CategoryNodeDto[], []),
  );
};
