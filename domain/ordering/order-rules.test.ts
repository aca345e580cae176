import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import type { StockedTerms } from '../catalog/product-terms.ts';
import { addressProblem, MAX_ADDRESS_LENGTH } from './order-rules.ts';
import { quantityProblem } from './order-lines-request.ts';

/** A product with its own minimum of 250, sold in packs of 50. */
const packs: StockedTerms = { priceCents: 120, minOrderQuantity: 250, packSize: 50, priceTiers: [], stock: 1000 };

describe('ordering rules', () => {
  it("quantity: a whole number, at least the product's own minimum, in whole packs, at most the stock", () => {
    expect(quantityProblem(packs, 299.5)).toBe(messages.quantityNotWhole);
    expect(quantityProblem(packs, 2 ** 53)).toBe(messages.quantityNotWhole);
    expect(quantityProblem(packs, -50)).toBe(messages.quantityNotWhole);
    // 100 is the shop-wide floor, not this product's minimum.
    expect(quantityProblem(packs, 100)).toBe(messages.lineBelowMinimum(250));
    expect(quantityProblem(packs, 200)).toBe(messages.lineBelowMinimum(250));
    expect(quantityProblem(packs, 260)).toBe(messages.lineNotPackMultiple(50));
    expect(quantityProblem(packs, 1050)).toBe(messages.lineAboveStock(1000));
    expect(quantityProblem(packs, 250)).toBeNull();
    expect(quantityProblem(packs, 300)).toBeNull();
    expect(quantityProblem(packs, 1000)).toBeNull();
  });

  it('address: present after trimming and at most the limit', () => {
    expect(addressProblem('   ')).toBe(messages.addressRequired);
    expect(addressProblem('x'.repeat(MAX_ADDRESS_LENGTH + 1))).toBe(messages.tooLong(MAX_ADDRESS_LENGTH));
    expect(addressProblem(` ${'x'.repeat(MAX_ADDRESS_LENGTH)} `)).toBeNull();
  });
});
