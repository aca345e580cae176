/** The catalogue's data for All Products and the product page: search, categories, quantity advice, ordering and editing. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDto, ProductSearchDto, QuantityAdviceDto } from '#http/dto.ts';
import type { ProductPatch } from '#http/schemas.ts';
import { pathId, queryString, request, type ListParams } from '../../lib/api.ts';
import { categoryTreeQuery, keyRoots, pagedListQuery, productQuery } from '../../lib/queries.ts';
import { CATALOGUE_PAGE_SIZE, toSearchParams, type CatalogueSearch } from './catalogue-search.ts';

export const productKeys = {
  all: [keyRoots.products] as const,
  list: () => [keyRoots.products, 'all'] as const,
  one: (productId: string) => productQuery(productId).queryKey,
};

export { productQuery };

/** The catalogue's search, filters and sort on `GET /api/products` (docs/catalogue.md, "Catalogue"). */
export interface ProductSearchParams extends ListParams {
  q?: string;
  category?: string;
  brand?: string;
  inStock?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
  sort?: 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'name';
  /** The words as typed, without typo corrections ("search instead for …"). */
  exact?: boolean;
  /** Spec filters, `Name:Value` each (docs/catalogue.md, "Spec facets"). */
  attr?: readonly string[];
}

const searchProducts = (params: ProductSearchParams, signal?: AbortSignal) =>
  request<ProductSearchDto>(`/api/products${queryString({ ...params })}`, { signal });

/** Edit Product's save: the page shows the saved product at once, and every catalogue list refetches. */
export function useUpdateProduct(product: ProductDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProductPatch) => request<ProductDto>(`/api/products/${pathId(product.id)}`, { method: 'PATCH', body: patch, signedIn: true }),
    onSuccess: (updated) => {
      queryClient.setQueryData(productKeys.one(product.id), updated);
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

/** Under the 'products' root, so a product change (order, edit, import) refreshes them too. */
export const catalogueKeys = {
  search: (search: CatalogueSearch) => [keyRoots.products, 'search', toSearchParams(search), search.cursor ?? null] as const,
  categories: () => categoryTreeQuery.queryKey,
  advice: (productId: string, quantity: number) => [keyRoots.products, 'advice', productId, quantity] as const,
};

/** The catalogue for the URL's choices, a page at a time through the cursor; a newer search cancels the older. */
export const catalogueQuery = (search: CatalogueSearch) => ({
  ...pagedListQuery(catalogueKeys.search(search), (cursor, signal) =>
    searchProducts({ ...toSearchParams(search), limit: CATALOGUE_PAGE_SIZE, cursor }, signal),
  ),
  // A Load more link followed without JavaScript starts the list at its cursor.
  initialPageParam: { cursor: search.cursor ?? null, before: [] },
  // While a new filter's results load, the previous ones stay on screen (marked busy).
  placeholderData: keepPreviousData,
});

/** Departments with their categories and in-stock counts (shared with the product form). */
export const categoriesQuery = categoryTreeQuery;

/** The server's advice on a typed quantity. */
export const quantityAdviceQuery = (productId: string, quantity: number) =>
  queryOptions({
    queryKey: catalogueKeys.advice(productId, quantity),
    queryFn: ({ signal }) => request<QuantityAdviceDto>(`/api/products/${pathId(productId)}/quantity-advice${queryString({ quantity })}`, { signal }),
    staleTime: 30_000,
  });
