import type { CompanyPriceRepository, ContractPriceLine } from '#domain/companies/company-price-repository.ts';
import type { CompanyPriceTerms } from '#domain/companies/company-prices.ts';
import type { Cents } from '#domain/shared/money.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { recordAudit } from './audit.ts';
import type { MemoryTables } from './tables.ts';

const bySku = (a: ContractPriceLine, b: ContractPriceLine) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

/** Contract prices in a Map per company; a deleted product's price is skipped, as SQL cascades it. */
export function createMemoryCompanyPrices(tables: MemoryTables): CompanyPriceRepository {
  const { companies, companyMembers, companyPrices, products } = tables;
  const pricesOf = (companyId: string): Map<string, Cents> =>
    new Map([...(companyPrices.get(companyId)?.prices ?? [])].filter(([productId]) => products.has(productId)));
  const termsOf = (companyId: string): CompanyPriceTerms | null => {
    const company = companies.get(companyId);
    const pricesVersion = companyPrices.get(companyId)?.version ?? 0;
    return company ? { companyId, discountPercent: company.discountPercent, contractPrices: pricesOf(companyId), pricesVersion } : null;
  };
  const linesOf = (companyId: string): ContractPriceLine[] =>
    [...pricesOf(companyId)]
      .map(([productId, unitPriceCents]) => {
        const product = products.get(productId)!;
        return { productId, unitPriceCents, sku: product.sku, name: product.name, listPriceCents: product.priceCents };
      })
      .sort(bySku);
  return {
    async termsForMember(userId) {
      const member = companyMembers.get(userId);
      return member ? termsOf(member.companyId) : null;
    },
    async termsOf(companyId) {
      return termsOf(companyId);
    },
    async memberCounts(companyIds) {
      const wanted = new Set(companyIds);
      const counts = new Map<string, number>();
      for (const member of companyMembers.values()) if (wanted.has(member.companyId)) counts.set(member.companyId, (counts.get(member.companyId) ?? 0) + 1);
      return counts;
    },
    async prices(companyId) {
      return linesOf(companyId);
    },
    async replacePrices(companyId, prices, audit) {
      if (!companies.has(companyId)) return fail({ reason: 'company-not-found' as const });
      const indexes = prices.flatMap((price, index) => (products.has(price.productId) ? [] : [index]));
      if (indexes.length > 0) return fail({ reason: 'unknown-products' as const, indexes });
      const version = (companyPrices.get(companyId)?.version ?? 0) + 1;
      companyPrices.set(companyId, { version, prices: new Map(prices.map((price) => [price.productId, price.unitPriceCents])) });
      const lines = linesOf(companyId);
      recordAudit(tables, audit, lines);
      return ok(lines);
    },
  };
}
