import type { Cents } from '../shared/money.ts';

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
