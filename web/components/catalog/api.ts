/** The catalogue data the navbar's search box and quick order's SKU cells share: the typeahead's suggestions. */
import { queryOptions } from '@tanstack/react-query';
import type { ProductSuggestionDto } from '#http/dto.ts';
import { queryString, request } from '../../lib/api.ts';
import { keyRoots } from '../../lib/queries.ts';

/** Products matching typed words; a newer request cancels the older (the query's signal). */
export const productSuggestionsQuery = (words: string) =>
  queryOptions({
    // Under the 'products' root like every catalogue query, so a catalogue change refreshes it.
    queryKey: [keyRoots.products, 'suggest', words] as const,
    queryFn: ({ signal }) => request<ProductSuggestionDto[]>(`/api/products/suggest${queryString({ q: words })}`, { signal }),
    staleTime: 30_000,
  });
