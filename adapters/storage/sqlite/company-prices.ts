import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CompanyPriceRepository, ContractPriceLine } from '#domain/companies/company-price-repository.ts';
import type { CompanyPriceTerms } from '#domain/companies/company-prices.ts';
import type { Cents } from '#domain/shared/money.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { createContractPriceCache } from '../contract-price-cache.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection } from './database.ts';
import { companies, companyMembers, companyPrices, companyPriceVersions, products } from './schema.ts';

interface TermsRow {
  companyId: string;
  discountPercent: number;
  pricesVersion: number;
}

/**
 * Contract prices on SQLite (docs/companies.md, "Company prices"). A member's terms are one
 * primary-key read of company_members joined to companies and company_price_versions; the
 * contract prices come from the per-company cache while the company's price version stays put, which every replacement moves
 * in its own transaction (another process's replacement is seen on the next read).
 */
export function createSqliteCompanyPrices(db: SqliteConnection): CompanyPriceRepository {
  const cache = createContractPriceCache();
  const recordAudit = auditRecorder(db);
  const memberTerms = db.$client.prepare<[string], TermsRow>(
    `SELECT m.company_id AS companyId, c.discount_percent AS discountPercent, coalesce(v.version, 0) AS pricesVersion
       FROM company_members m JOIN companies c ON c.id = m.company_id LEFT JOIN company_price_versions v ON v.company_id = c.id
      WHERE m.user_id = ?`,
  );
  const companyTerms = db.$client.prepare<[string], TermsRow>(
    `SELECT c.id AS companyId, c.discount_percent AS discountPercent, coalesce(v.version, 0) AS pricesVersion
       FROM companies c LEFT JOIN company_price_versions v ON v.company_id = c.id WHERE c.id = ?`,
  );
  const contractPrices = db.$client.prepare<[string], [string, number]>('SELECT product_id, unit_price_cents FROM company_prices WHERE company_id = ?').raw();

  const termsFrom = (row: TermsRow | undefined): CompanyPriceTerms | null => {
    if (!row) return null;
    let prices = cache.get(row.companyId, row.pricesVersion);
    if (!prices) {
      prices = new Map<string, Cents>(contractPrices.all(row.companyId));
      cache.set(row.companyId, row.pricesVersion, prices);
    }
    return { companyId: row.companyId, discountPercent: row.discountPercent, contractPrices: prices, pricesVersion: row.pricesVersion };
  };
  const lines = (companyId: string): ContractPriceLine[] =>
    db
      .select({ productId: companyPrices.productId, unitPriceCents: companyPrices.unitPriceCents, sku: products.sku, name: products.name, listPriceCents: products.priceCents })
      .from(companyPrices)
      .innerJoin(products, eq(products.id, companyPrices.productId))
      .where(eq(companyPrices.companyId, companyId))
      .orderBy(asc(products.sku))
      .all();

  return {
    async termsForMember(userId) {
      return termsFrom(memberTerms.get(userId));
    },
    async termsOf(companyId) {
      return termsFrom(companyTerms.get(companyId));
    },
    async memberCounts(companyIds) {
      if (companyIds.length === 0) return new Map();
      const rows = db
        .select({ companyId: companyMembers.companyId, count: sql<number>`count(*)` })
        .from(companyMembers)
        .where(inArray(companyMembers.companyId, [...companyIds]))
        .groupBy(companyMembers.companyId)
        .all();
      return new Map(rows.map((row) => [row.companyId, Number(row.count)]));
    },
    async prices(companyId) {
      return lines(companyId);
    },
    async replacePrices(companyId, prices, audit) {
      // IMMEDIATE: the products checked are the ones the new rows' foreign keys then point at.
      return db.transaction(
        (tx) => {
          const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
          if (!company) return fail({ reason: 'company-not-found' as const });
          const ids = prices.map((price) => price.productId);
          const known = new Set(ids.length === 0 ? [] : tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).all().map((row) => row.id));
          const indexes = prices.flatMap((price, index) => (known.has(price.productId) ? [] : [index]));
          if (indexes.length > 0) return fail({ reason: 'unknown-products' as const, indexes });
          tx.delete(companyPrices).where(eq(companyPrices.companyId, companyId)).run();
          // 300 rows a statement keeps each INSERT within SQLite's bound-parameter limit.
          for (let start = 0; start < prices.length; start += 300) {
            tx.insert(companyPrices)
              .values(prices.slice(start, start + 300).map((price) => ({ companyId, productId: price.productId, unitPriceCents: price.unitPriceCents })))
              .run();
          }
          tx.insert(companyPriceVersions)
            .values({ companyId, version: 1 })
            .onConflictDoUpdate({ target: companyPriceVersions.companyId, set: { version: sql`${companyPriceVersions.version} + 1` } })
            .run();
          const saved = lines(companyId);
          recordAudit(audit, saved);
          return ok(saved);
        },
        { behavior: 'immediate' },
      );
    },
  };
}
