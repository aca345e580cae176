import { domainError, type DomainError } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { Store } from '../store.ts';
import type { Product } from './product.ts';

/** Newest first; the limit is clamped to 1..100 whatever the caller asks for. */
export const listProducts = (
  store: Store,
  request: { limit?: number | undefined; cursor?: string | null | undefined } = {},
): Promise<Page<Product>> => store.products.list(pageRequest(request));

export const getProduct = async (store: Store, id: string): Promise<Result<Product, DomainError>> => {
  const product = await store.products.findById(id);
  return product ? ok(product) : fail(domainError('NOT_FOUND', messages.productNotFound));
};
