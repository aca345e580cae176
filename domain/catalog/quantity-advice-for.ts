import { invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { problem } from '../shared/field-problem.ts';
import type { ProductRepository } from './product-repository.ts';
import { buyerTermsOf, type BuyerTermsPorts } from '../companies/buyer-terms.ts';
import { pricedForBuyer } from '../companies/company-prices.ts';
import { unitPriceFor } from './pricing.ts';
import { adviseQuantity, isLineQuantity, type QuantityAdvice } from './quantity-advice.ts';

export type QuantityAdviceForPorts = BuyerTermsPorts & { store: { products: Pick<ProductRepository, 'findById'> } };

/** The advice as a buyer gets it: with the list unit price beside theirs when a company price applies. */
export type BuyerQuantityAdvice = QuantityAdvice & { listUnitPriceCents?: number };

/**
 * `GET /api/products/:id/quantity-advice`: the advice for one product and quantity, priced for the
 * buyer (a company member's price, docs/companies.md, "Company prices"); anyone else gets list prices.
 */
export const quantityAdviceFor = async (
  ports: QuantityAdviceForPorts,
  { productId, quantity, buyerId = null }: { productId: string; quantity: number; buyerId?: string | null },
): Promise<Result<BuyerQuantityAdvice, ErrorOf<'VALIDATION_FAILED' | 'NOT_FOUND'>>> => {
  if (!isLineQuantity(quantity)) return fail(invalid({ quantity: problem('quantityAdviceInvalid') }));
  const [product, terms] = await Promise.all([ports.store.products.findById(productId), buyerTermsOf(ports, buyerId)]);
  if (!product) return fail(notFound('product'));
  const advice = adviseQuantity(pricedForBuyer(product, terms), quantity);
  const listUnitPriceCents = unitPriceFor(product, quantity);
  return ok(listUnitPriceCents === advice.unitPriceCents ? advice : { ...advice, listUnitPriceCents });
};
