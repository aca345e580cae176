import { invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { ProductRepository } from './product-repository.ts';
import { adviseQuantity, isLineQuantity, type QuantityAdvice } from './quantity-advice.ts';

export type QuantityAdviceForPorts = { store: { products: Pick<ProductRepository, 'findById'> } };

/** `GET /api/products/:id/quantity-advice`: the advice for one product and quantity. */
export const quantityAdviceFor = async (
  { store }: QuantityAdviceForPorts,
  { productId, quantity }: { productId: string; quantity: number },
): Promise<Result<QuantityAdvice, ErrorOf<'VALIDATION_FAILED' | 'NOT_FOUND'>>> => {
  if (!isLineQuantity(quantity)) return fail(invalid({ quantity: messages.quantityAdviceInvalid }));
  const product = await store.products.findById(productId);
  if (!product) return fail(notFound('product'));
  return ok(adviseQuantity(product, quantity));
};
