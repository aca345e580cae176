import { describe, expect, it } from 'vitest';
import type { StockedTerms } from '../catalog/product-terms.ts';
import { addressProblem, MAX_ADDRESS_LENGTH } from './order-rules.ts';
import { quantityProblem } from './order-lines-request.ts';

/** A product with its own minimum of 250, sold in packs of 50. */
const packs: StockedTerms = { priceCents: 120, minOrderQuantity: 250, packSize: 50, priceTiers: [], stock: 1000 };

describe('ordering rules', () => {
  it("quantity: a whole number, at least the product's own minimum, in whole packs, at most the stock", () => {
    expect(quantityProblem(packs, 299.5)).toEqual({ rule: 'orderLines', failure: { code: 'NOT_WHOLE_NUMBER' } });
    expect(quantityProblem(packs, 2 ** 53)).toEqual({ rule: 'orderLines', failure: { code: 'NOT_WHOLE_NUMBER' } });
    expect(quantityProblem(packs, -50)).toEqual({ rule: 'orderLines', failure: { code: 'NOT_WHOLE_NUMBER' } });
    // 100 is the shop-wide floor, not this product's minimum.
    expect(quantityProblem(packs, 100)).toEqual({ rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 250 } });
    expect(quantityProblem(packs, 200)).toEqual({ rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 250 } });
    expect(quantityProblem(packs, 260)).toEqual({ rule: 'orderLines', failure: { code: 'NOT_A_PACK_MULTIPLE', packSize: 50 } });
    expect(quantityProblem(packs, 1050)).toEqual({ rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 1000 } });
    expect(quantityProblem(packs, 250)).toBeNull();
    expect(quantityProblem(packs, 300)).toBeNull();
    expect(quantityProblem(packs, 1000)).toBeNull();
  });

  it('address: present after trimming and at most the limit', () => {
    expect(addressProblem('   ')).toEqual({ rule: 'addressRequired' });
    expect(addressProblem('x'.repeat(MAX_ADDRESS_LENGTH + 1))).toEqual({ rule: 'tooLong', max: MAX_ADDRESS_LENGTH });
    expect(addressProblem(` ${'x'.repeat(MAX_ADDRESS_LENGTH)} `)).toBeNull();
  });
});
