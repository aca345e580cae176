import { eq, inArray, sql } from 'drizzle-orm';
import type { CompanyPriceRepository, ContractPriceLine } from '#domain/companies/company-price-repository.ts';
import type { CompanyPriceTerms } from '#domain/companies/company-prices.ts';
import type { Cents } from '#domain/shared/money.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { createContractPriceCache } from '../contract-price-cache.ts';
import { recordAudit } from './audit.ts';
import type { PgDb } from './database.ts';
import { companies, companyMembers, companyPrices, companyPriceVersions, products } from './schema.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

interface TermsRow {
  companyId: string;
  discountPercent: number;
  pricesVersion: number;
}

/**
 * Contract prices on PostgreSQL (docs/companies.md, "Company prices"). A member's terms are one
 * primary-key read of company_members joined to companies and company_price_versions; the
 * contract prices come from this instance's per-company cache while the company's price version stays put, which every
 * replacement moves in its own transaction, on whichever instance it runs.
 */
export function createPgCompanyPrices(db: PgDb): CompanyPriceRepository {
  const cache = createContractPriceCache();
  const termsFrom = async (row: TermsRow | undefined): Promise<CompanyPriceTerms | null> => {
    if (!row) return null;
    let prices = cache.get(row.companyId, row.pricesVersion);
    if (!prices) {
      const rows = await db.select({ productId: companyPrices.productId, unitPriceCents: companyPrices.unitPriceCents }).from(companyPrices).where(eq(companyPrices.companyId, row.companyId));
      prices = new Map<string, Cents>(rows.map((price) => [price.productId, Number(price.unitPriceCents)]));
      cache.set(row.companyId, row.pricesVersion, prices);
    }
    return { companyId: row.companyId, discountPercent: row.discountPercent, contractPrices: prices, pricesVersion: row.pricesVersion };
  };
  const terms = { companyId: companies.id, discountPercent: companies.discountPercent, pricesVersion: sql<number>`coalesce(${companyPriceVersions.version}, 0)`.mapWith(Number) };
  const lines = async (tx: PgDb | Tx, companyId: string): Promise<ContractPriceLine[]> =>
    (
      await tx
        .select({ productId: companyPrices.productId, unitPriceCents: companyPrices.unitPriceCents, sku: products.sku, name: products.name, listPriceCents: products.priceCents })
        .from(companyPrices)
        .innerJoin(products, eq(products.id, companyPrices.productId))
        .where(eq(companyPrices.companyId, companyId))
        .orderBy(sql`${products.sku} collate "C"`)
    ).map((line) => ({ ...line, unitPriceCents: Number(line.unitPriceCents), listPriceCents: Number(line.listPriceCents) }));

  return {
    async termsForMember(userId) {
      const [row] = await db
        .select(terms)
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .leftJoin(companyPriceVersions, eq(companyPriceVersions.companyId, companies.id))
        .where(eq(companyMembers.userId, userId));
      return termsFrom(row);
    },
    async termsOf(companyId) {
      const [row] = await db.select(terms).from(companies).leftJoin(companyPriceVersions, eq(companyPriceVersions.companyId, companies.id)).where(eq(companies.id, companyId));
      return termsFrom(row);
    },
    async memberCounts(companyIds) {
      if (companyIds.length === 0) return new Map();
      const rows = await db
        .select({ companyId: companyMembers.companyId, count: sql<number>`count(*)` })
        .from(companyMembers)
        .where(inArray(companyMembers.companyId, [...companyIds]))
        .groupBy(companyMembers.companyId);
      return new Map(rows.map((row) => [row.companyId, Number(row.count)]));
    },
    async prices(companyId) {
      return lines(db, companyId);
    },
    async replacePrices(companyId, prices, audit) {
      return db.transaction(async (tx) => {
        // The company's row is the list's lock: two replacements take turns, the second wins whole.
        const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
        if (!company) return fail({ reason: 'company-not-found' as const });
        const ids = prices.map((price) => price.productId);
        const known = new Set(
          ids.length === 0 ? [] : (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).for('key share')).map((row) => row.id),
        );
        const indexes = prices.flatMap((price, index) => (known.has(price.productId) ? [] : [index]));
        if (indexes.length > 0) return fail({ reason: 'unknown-products' as const, indexes });
        await tx.delete(companyPrices).where(eq(companyPrices.companyId, companyId));
        if (prices.length > 0) {
          await tx.insert(companyPrices).values(prices.map((price) => ({ companyId, productId: price.productId, unitPriceCents: price.unitPriceCents })));
        }
        await tx
          .insert(companyPriceVersions)
          .values({ companyId, version: 1 })
          .onConflictDoUpdate({ target: companyPriceVersions.companyId, set: { version: sql`${companyPriceVersions.version} + 1` } });
        const saved = await lines(tx, companyId);
        await recordAudit(tx, audit, saved);
        return ok(saved);
      });
    },
  };
}
