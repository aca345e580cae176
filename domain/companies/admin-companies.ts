import { auditNote, sampleOf } from '../audit/audit-log.ts';
import { MAX_PRICE_CENTS } from '../catalog/product-limits.ts';
import type { User } from '../identity/user.ts';
import { isAdmin } from '../identity/user.ts';
import type { Clock } from '../shared/clock.ts';
import { forbidden, invalid, notFound, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { problem, type FieldProblem } from '../shared/field-problem.ts';
import type { Cents } from '../shared/money.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { monthStartUtc } from './approval.ts';
import { MAX_CONTRACT_PRICES, MAX_DISCOUNT_PERCENT, type Company, type CompanyAddress, type CompanyMember } from './company.ts';
import type { CompanyPriceRepository, ContractPriceLine } from './company-price-repository.ts';
import type { ContractPrice } from './company-prices.ts';
import type { CompanyRepository } from './company-repository.ts';

/**
 * The shop admin's company pages (docs/companies.md, "Company prices"): every company with its
 * member count, one company with its members, sites and this month's spending, and the terms the
 * admin sets: a discount of 0–50% and contract prices for up to 1,000 products. Every change is
 * in the audit log; only admins get anywhere here.
 */

export type AdminCompaniesPorts = {
  store: { companies: Pick<CompanyRepository, 'list' | 'find' | 'members' | 'addresses' | 'update'>; companyPrices: CompanyPriceRepository };
  clock: Clock;
};

export type AdminCompanyListItem = Company & { memberCount: number };

export interface AdminCompanyView {
  company: Company;
  members: CompanyMember[];
  addresses: CompanyAddress[];
  /** What the members spent this calendar month (UTC), together. */
  spentThisMonthCents: Cents;
}

export const listCompaniesForAdmin = async (
  { store }: AdminCompaniesPorts,
  { actor, q, ...request }: { actor: User; q?: string | undefined; limit?: number | undefined; cursor?: string | null | undefined },
): Promise<Result<Page<AdminCompanyListItem>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const search = q?.trim() ? { q: q.trim() } : {};
  const page = await store.companies.list(search, pageRequest(request));
  const counts = await store.companyPrices.memberCounts(page.items.map((company) => company.id));
  return ok({ items: page.items.map((company) => ({ ...company, memberCount: counts.get(company.id) ?? 0 })), nextCursor: page.nextCursor });
};

export const companyForAdmin = async (
  { store, clock }: AdminCompaniesPorts,
  { actor, companyId }: { actor: User; companyId: string },
): Promise<Result<AdminCompanyView, ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const company = await store.companies.find(companyId);
  if (!company) return fail(notFound());
  const [members, addresses] = await Promise.all([store.companies.members(companyId, monthStartUtc(clock.now())), store.companies.addresses(companyId)]);
  return ok({ company, members, addresses, spentThisMonthCents: members.reduce((sum, member) => sum + member.spentThisMonthCents, 0) });
};

const wholeNumberProblem = (value: number, min: number, max: number): FieldProblem | null => {
  if (!Number.isSafeInteger(value)) return { rule: 'term', failure: { code: 'NOT_WHOLE_NUMBER' } };
  if (value < min) return { rule: 'term', failure: { code: 'TOO_SMALL', min } };
  if (value > max) return { rule: 'term', failure: { code: 'TOO_LARGE', max } };
  return null;
};

/** The discount every member gets off list and tier prices: a whole percentage from 0 to 50. */
export const setCompanyDiscount = async (
  { store, clock }: AdminCompaniesPorts,
  { actor, companyId, discountPercent }: { actor: User; companyId: string; discountPercent: number },
): Promise<Result<Company, ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION_FAILED'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const wrong = wholeNumberProblem(discountPercent, 0, MAX_DISCOUNT_PERCENT);
  if (wrong) return fail(invalid({ discountPercent: wrong }));
  const company = await store.companies.find(companyId);
  if (!company) return fail(notFound());
  const note = auditNote(actor, clock.now(), {
    kind: 'company-discount-changed',
    subjectId: companyId,
    summary: `Set ${company.name}'s discount to ${discountPercent}%`,
    before: { discountPercent: company.discountPercent },
    after: { discountPercent },
  });
  const updated = await store.companies.update(companyId, { discountPercent }, note);
  return updated ? ok(updated) : fail(notFound());
};

export const contractPricesFor = async (
  { store }: AdminCompaniesPorts,
  { actor, companyId }: { actor: User; companyId: string },
): Promise<Result<ContractPriceLine[], ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  if (!(await store.companies.find(companyId))) return fail(notFound());
  return ok(await store.companyPrices.prices(companyId));
};

/** The list's own rules, before any product is read: at most 1,000, each product once, each price whole cents from 1 up. */
export const contractPricesProblems = (prices: readonly ContractPrice[]): FieldProblems => {
  const fields: FieldProblems = {};
  if (prices.length > MAX_CONTRACT_PRICES) return { prices: { rule: 'term', failure: { code: 'TOO_MANY', max: MAX_CONTRACT_PRICES } } };
  const seen = new Set<string>();
  prices.forEach((price, index) => {
    if (seen.has(price.productId)) fields[`prices.${index}.productId`] = problem('lineRepeated');
    seen.add(price.productId);
    const wrong = wholeNumberProblem(price.unitPriceCents, 1, MAX_PRICE_CENTS);
    if (wrong) fields[`prices.${index}.unitPriceCents`] = wrong;
  });
  return fields;
};

/** Replaces the company's contract prices whole (an empty list removes them all); a product that does not exist is refused by position. */
export const replaceContractPrices = async (
  { store, clock }: AdminCompaniesPorts,
  { actor, companyId, prices }: { actor: User; companyId: string; prices: readonly ContractPrice[] },
): Promise<Result<ContractPriceLine[], ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION_FAILED'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const fields = contractPricesProblems(prices);
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  const company = await store.companies.find(companyId);
  if (!company) return fail(notFound());
  const before = await store.companyPrices.prices(companyId);
  const note = auditNote(actor, clock.now(), {
    kind: 'company-prices-replaced',
    subjectId: companyId,
    summary: `Replaced ${company.name}'s contract prices (${before.length} before, ${prices.length} now)`,
    // An entry stays small however long the list (docs/audit-log.md): the count and the first few.
    before: sampleOf(before.map(({ sku, unitPriceCents }) => ({ sku, unitPriceCents }))),
    after: sampleOf(prices.map(({ productId, unitPriceCents }) => ({ productId, unitPriceCents }))),
  });
  const replaced = await store.companyPrices.replacePrices(companyId, prices, note);
  if (replaced.ok) return ok(replaced.value);
  if (replaced.error.reason === 'company-not-found') return fail(notFound());
  return fail(invalid(Object.fromEntries(replaced.error.indexes.map((index) => [`prices.${index}.productId`, problem('productNotFound')]))));
};
