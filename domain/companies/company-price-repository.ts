import type { AuditNote } from '../audit/audit-log.ts';
import type { Cents } from '../shared/money.ts';
import type { Result } from '../shared/result.ts';
import type { CompanyPriceTerms, ContractPrice } from './company-prices.ts';

/** A contract price as the shop admin's list shows it: with the product's SKU, name and list price. */
export interface ContractPriceLine extends ContractPrice {
  sku: string;
  name: string;
  listPriceCents: Cents;
}

/** Why a replacement changed nothing: no such company, or (by position in the list) products that do not exist. */
export type ReplacePricesFailure = { reason: 'company-not-found' } | { reason: 'unknown-products'; indexes: number[] };

/**
 * The contract prices a company's members pay (docs/companies.md, "Company prices"). Read on every
 * priced request of a member, so `termsForMember` is one primary-key read of the member joined to
 * their company (its discount and a price version); each store keeps a company's contract prices in
 * memory and reads them again only when that version has moved, which every replacement does in
 * the same transaction, whichever instance made it.
 */
export interface CompanyPriceRepository {
  /** The terms the user buys on, or null when they belong to no company. */
  termsForMember(userId: string): Promise<CompanyPriceTerms | null>;
  /** A company's terms, or null when there is no such company. */
  termsOf(companyId: string): Promise<CompanyPriceTerms | null>;
  /** How many members each of these companies has (the shop admin's list); a company with none is missing. */
  memberCounts(companyIds: readonly string[]): Promise<Map<string, number>>;
  /** The company's contract prices, by SKU. */
  prices(companyId: string): Promise<ContractPriceLine[]>;
  /**
   * Replaces the company's contract prices with `prices` (each product once; the use case checks
   * the count and the amounts), with its audit entry, in one transaction; nothing changes when a
   * product does not exist.
   */
  replacePrices(companyId: string, prices: readonly ContractPrice[], audit?: AuditNote): Promise<Result<ContractPriceLine[], ReplacePricesFailure>>;
}
