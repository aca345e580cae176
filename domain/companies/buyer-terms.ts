import type { CompanyPriceRepository } from './company-price-repository.ts';
import type { CompanyPriceTerms } from './company-prices.ts';

/** What every priced use case needs to find the terms its buyer buys on. */
export type BuyerTermsPorts = { store: { companyPrices: Pick<CompanyPriceRepository, 'termsForMember'> } };

/**
 * The terms a buyer buys on (docs/companies.md, "Company prices"): their company's, or null for a
 * visitor or a user without a company, who pay list prices. One indexed read per request.
 */
export const buyerTermsOf = async ({ store }: BuyerTermsPorts, buyerId: string | null | undefined): Promise<CompanyPriceTerms | null> =>
  buyerId ? store.companyPrices.termsForMember(buyerId) : null;
