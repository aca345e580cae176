import { Hono } from 'hono';
import { z } from 'zod';
import {
  companyForAdmin,
  contractPricesFor,
  contractPricesProblems,
  listCompaniesForAdmin,
  replaceContractPrices,
  setCompanyDiscount,
  type AdminCompanyListItem,
  type AdminCompanyView,
} from '#domain/companies/admin-companies.ts';
import type { ContractPriceLine } from '#domain/companies/company-price-repository.ts';
import { MAX_CONTRACT_PRICES } from '#domain/companies/company.ts';
import { fieldProblemText } from '#http/messages.ts';
import { messages } from '#http/messages.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { documented, responds } from '../responds.ts';
import { adminCompanyDto, adminCompanyListItemDto, companyDto, contractPricesDto, pageOf } from '../response-schemas.ts';
import { toCompanyAddressDto, toCompanyDto, toCompanyMemberDto } from '../serializers.ts';
import { idParamSchema, listQuerySchema } from '../schemas.ts';
import { validate } from '../validation.ts';

const toAdminCompanyDto = ({ company, members, addresses, spentThisMonthCents }: AdminCompanyView) => ({
  company: toCompanyDto(company),
  members: members.map(toCompanyMemberDto),
  addresses: addresses.map(toCompanyAddressDto),
  spentThisMonthCents,
});
const toListItemDto = (item: AdminCompanyListItem) => ({ ...toCompanyDto(item), memberCount: item.memberCount });
const toPricesDto = (lines: ContractPriceLine[]) => ({
  items: lines.map(({ productId, sku, name, listPriceCents, unitPriceCents }) => ({ productId, sku, name, listPriceCents, unitPriceCents })),
});

const companiesQuerySchema = listQuerySchema.extend({ q: z.string().max(200, messages.tooLong(200)).optional() });
const discountSchema = z.object({ discountPercent: z.number({ error: messages.notWholeNumber }) });
const pricesSchema = z.object({
  prices: z
    .array(
      z.object({
        productId: z.string({ error: messages.productNotFound }).min(1, messages.productNotFound).max(100, messages.productNotFound),
        unitPriceCents: z.number({ error: messages.notWholeNumber }),
      }),
      { error: messages.invalidInput },
    )
    // Counted before each entry is looked at: a list far past the limit is refused whole.
    .max(MAX_CONTRACT_PRICES, messages.tooMany(MAX_CONTRACT_PRICES))
    .superRefine((prices, context) => {
      for (const [field, found] of Object.entries(contractPricesProblems(prices))) {
        const path = field.split('.').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        context.addIssue({ code: 'custom', path, message: fieldProblemText(found) });
      }
    }),
});

/** /api/admin/companies: admins only (401 anonymous, 403 anyone else), like every admin route. */
export const adminCompanyRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), requireAdmin)
    .get('/', validate('query', companiesQuerySchema), documented({
      summary: 'Companies',
      description:
        'Admins; changes nothing. A page of companies, newest first, each with its member count; `q` narrows to names containing it (case-insensitive).',
    }), responds(200, pageOf(adminCompanyListItemDto)), async (c) => {
      const listed = await listCompaniesForAdmin(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return listed.ok ? c.json({ items: listed.value.items.map(toListItemDto), nextCursor: listed.value.nextCursor }, 200) : problem(c, listed.error);
    })
    .get('/:id', validate('param', idParamSchema), documented({
      summary: 'One company',
      description: "Admins; changes nothing. The company, its members with this month's spending, its sites, and what its members spent this month together. 404 `NOT_FOUND`.",
    }), responds(200, adminCompanyDto), async (c) => {
      const found = await companyForAdmin(ports, { actor: c.get('user'), companyId: c.req.valid('param').id });
      return found.ok ? c.json(toAdminCompanyDto(found.value), 200) : problem(c, found.error);
    })
    .patch('/:id', validate('param', idParamSchema), jsonBody, validate('json', discountSchema), documented({
      summary: "Set a company's discount",
      description:
        "Admins. `{discountPercent}`: a whole number from 0 to 50, off every list and tier price for the company's members (a contract price still wins when lower); recorded in the audit log. 200 with the company. 400 `VALIDATION_FAILED`, 404 `NOT_FOUND`.",
    }), responds(200, companyDto), async (c) => {
      const updated = await setCompanyDiscount(ports, { actor: c.get('user'), companyId: c.req.valid('param').id, discountPercent: c.req.valid('json').discountPercent });
      return updated.ok ? c.json(toCompanyDto(updated.value), 200) : problem(c, updated.error);
    })
    .get('/:id/prices', validate('param', idParamSchema), documented({
      summary: "A company's contract prices",
      description: 'Admins; changes nothing. The contract prices by SKU, each with the product\'s name and list price. 404 `NOT_FOUND`.',
    }), responds(200, contractPricesDto), async (c) => {
      const found = await contractPricesFor(ports, { actor: c.get('user'), companyId: c.req.valid('param').id });
      return found.ok ? c.json(toPricesDto(found.value), 200) : problem(c, found.error);
    })
    .put('/:id/prices', validate('param', idParamSchema), jsonBody, validate('json', pricesSchema), documented({
      summary: "Replace a company's contract prices",
      description: `Admins. \`{prices: [{productId, unitPriceCents}]}\` replaces the whole list (an empty one removes every contract price): at most ${MAX_CONTRACT_PRICES}, each product once, each price whole cents of at least 1. A member pays the contract price when it is lower than the discounted list or tier price. Recorded in the audit log. 200 with the list. 400 \`VALIDATION_FAILED\` naming each bad entry (\`prices.3.productId\` for a product that does not exist), 404 \`NOT_FOUND\`.`,
    }), responds(200, contractPricesDto), async (c) => {
      const replaced = await replaceContractPrices(ports, { actor: c.get('user'), companyId: c.req.valid('param').id, prices: c.req.valid('json').prices });
      return replaced.ok ? c.json(toPricesDto(replaced.value), 200) : problem(c, replaced.error);
    });
