/** Company fixtures in the shapes of docs/companies.md (components/company/types.ts), for msw handlers. */
import type { CompanyAddressDto, CompanyInvitationDto, CompanyMemberDto, CompanyOrderDto, CompanyViewDto } from '../components/company/types.ts';
import { customer, makeOrder } from './fixtures.ts';

export const manager: CompanyMemberDto = { userId: customer.id, name: customer.name, email: customer.email, role: 'manager', monthlyLimitCents: null, spentThisMonthCents: 125_000 };
export const buyer: CompanyMemberDto = { userId: 'u_bob', name: 'Bob Builder', email: 'bob@acme.example', role: 'buyer', monthlyLimitCents: 500_000, spentThisMonthCents: 420_000 };

export const site: CompanyAddressDto = { id: 'a_depot', label: 'Riverside depot', recipient: 'Gate office', phone: '5550101010', address: '12 River Road, Springfield' };

export const makeCompanyView = (overrides: Partial<CompanyViewDto> = {}): CompanyViewDto => ({
  company: { id: 'c_acme', name: 'Acme Builders', taxId: 'US-99-1234567', approvalThresholdCents: 1_000_000, discountPercent: 5, createdAt: '2026-11-01T10:00:00.000Z' },
  role: 'manager',
  me: { userId: manager.userId, monthlyLimitCents: null, spentThisMonthCents: manager.spentThisMonthCents },
  members: [manager, buyer],
  addresses: [site],
  ...overrides,
});

/** The same company as Bob the buyer reads it: names and roles only. */
export const buyerView = (): CompanyViewDto =>
  makeCompanyView({
    role: 'buyer',
    me: { userId: buyer.userId, monthlyLimitCents: buyer.monthlyLimitCents, spentThisMonthCents: buyer.spentThisMonthCents },
    members: [manager, buyer].map(({ userId, name, role }) => ({ userId, name, role })),
  });

export const invitation: CompanyInvitationDto = {
  id: 'i_1',
  email: 'carla@acme.example',
  role: 'buyer',
  monthlyLimitCents: 200_000,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
};

export const awaitingOrder = (overrides: Partial<CompanyOrderDto> = {}): CompanyOrderDto => ({
  ...makeOrder({ id: 'o_wait', number: 'BH-2026-000077', customerName: buyer.name, email: buyer.email, totalCents: 1_250_000 }),
  status: 'awaiting-approval',
  companyId: 'c_acme',
  approval: { reason: 'over-threshold', decidedBy: null, decidedAt: null, rejectionReason: null },
  ...overrides,
});
