import type { Cents } from '../shared/money.ts';
import type { PriceTier } from '../catalog/product-terms.ts';

/**
 * Contract prices (docs/companies.md, "Company prices"): the price a member pays for one unit is
 * the list or tier price less the company's discount, or the product's contract price when that
 * is lower. The server is the only authority: every priced read and every order goes through here.
 */
export interface CompanyPriceTerms {
  companyId: string;
  discountPercent: number;
  /** Contract unit prices by product id. */
  contractPrices: ReadonlyMap<string, Cents>;
  /**
   * Moves whenever the contract prices are replaced (the stores keep it per company); with the
   * company and its discount it names these terms, so a priced answer's entity tag can too.
   */
  pricesVersion?: number;
}

export interface ContractPrice {
  productId: string;
  unitPriceCents: Cents;
}

/** The unit price a member pays, given the list/tier price for the quantity they buy. */
export function companyUnitPrice(listUnitCents: Cents, productId: string, terms: CompanyPriceTerms | null): Cents {
  if (terms === null) return listUnitCents;
  const discounted = Math.round((listUnitCents * (100 - terms.discountPercent)) / 100);
  const contract = terms.contractPrices.get(productId);
  return contract !== undefined && contract < discounted ? contract : discounted;
}

/** What a price is computed from: the regular price and the volume tiers (catalog/product-terms.ts). */
export interface PricedTerms {
  priceCents: Cents;
  priceTiers: readonly PriceTier[];
}

/**
 * The product's terms as a member sees them: the regular price and every tier through
 * `companyUnitPrice`, keeping only tiers that still lower the price (a contract price below every
 * tier flattens them all; a discount may round two neighbouring tiers to the same cents). Every
 * priced path (quantity advice, cart, quick order, order placing, quote requests, the catalogue's
 * `yourPrice`) prices with these terms instead of the product's own, so the rule has this one home;
 * with no terms (no company) the product's own terms come back unchanged.
 */
export function companyPricedTerms<T extends PricedTerms>(product: T, productId: string, terms: CompanyPriceTerms | null): T {
  if (terms === null) return product;
  const priceCents = companyUnitPrice(product.priceCents, productId, terms);
  const priceTiers: PriceTier[] = [];
  let previous = priceCents;
  for (const tier of product.priceTiers) {
    const unitPriceCents = companyUnitPrice(tier.unitPriceCents, productId, terms);
    if (unitPriceCents < previous) priceTiers.push({ minQuantity: tier.minQuantity, unitPriceCents });
    previous = Math.min(previous, unitPriceCents);
  }
  return { ...product, priceCents, priceTiers };
}

/** A product priced for the buyer: its own id names the contract price. */
export const pricedForBuyer = <T extends PricedTerms & { id: string }>(product: T, terms: CompanyPriceTerms | null): T =>
  companyPricedTerms(product, product.id, terms);

/** What a member's product answer adds (`yourPrice`): the regular and tier prices they pay. */
export interface YourPrice {
  unitPriceCents: Cents;
  tiers: PriceTier[];
}

export const yourPriceOf = (product: PricedTerms & { id: string }, terms: CompanyPriceTerms): YourPrice => {
  const priced = companyPricedTerms({ priceCents: product.priceCents, priceTiers: product.priceTiers }, product.id, terms);
  return { unitPriceCents: priced.priceCents, tiers: [...priced.priceTiers] };
};
