import { auditNote } from '../audit/audit-log.ts';
import type { User } from '../identity/user.ts';
import { unlessExpired, type UnlessExpiredPorts } from '../ordering/expire-unpaid-orders.ts';
import type { OrderRepository } from '../ordering/order-repository.ts';
import { awaitsApproval, type Order, type OrderStatus } from '../ordering/order.ts';
import type { Clock } from '../shared/clock.ts';
import { notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { CompanyRepository } from './company-repository.ts';

export type CompanyOrdersPorts = {
  store: { companies: Pick<CompanyRepository, 'membershipOf'>; orders: Pick<OrderRepository, 'listByCompany'> };
};

/**
 * A company's orders (docs/companies.md, "Approvals"), newest first: a manager sees all of them
 * (narrowed to one member's with `member`), a buyer only their own whatever `member` says. The
 * company is the caller's own: nobody reaches another company's orders.
 */
export const listCompanyOrders = async (
  ports: CompanyOrdersPorts,
  input: { actor: User; status?: OrderStatus | undefined; member?: string | undefined; page: PageRequest },
): Promise<Result<Page<Order>, ErrorOf<'NO_COMPANY'>>> => {
  const membership = await ports.store.companies.membershipOf(input.actor.id);
  if (!membership) return fail(refusal('NO_COMPANY'));
  const userId = membership.role === 'manager' ? input.member : input.actor.id;
  return ok(await ports.store.orders.listByCompany(membership.companyId, { status: input.status, userId }, input.page));
};

export type DecideCompanyOrderPorts = UnlessExpiredPorts & {
  store: { companies: Pick<CompanyRepository, 'membershipOf'>; orders: Pick<OrderRepository, 'findById' | 'decideApproval'> };
  clock: Clock;
};

export type DecideCompanyOrderError = ErrorOf<'NOT_FOUND' | 'NO_COMPANY' | 'NOT_A_MANAGER' | 'CANNOT_APPROVE_OWN_ORDER' | 'ORDER_NOT_AWAITING_APPROVAL'>;

/**
 * A manager approves a member's waiting order (→ unpaid: the buyer is told and can pay) or rejects
 * it with a reason (→ rejected: its units back on the shelf, the buyer told), docs/companies.md
 * "Approvals". Another company's order, or one that does not exist, is 404 alike; a buyer is 403;
 * a manager's own order is approved by another manager (403). The store checks and sets the
 * status in one step: of two managers at once, the second gets 409. An order past the unpaid
 * clock expires here first (unlessExpired), as the sweep would have let it go.
 */
export const decideCompanyOrder = async (
  ports: DecideCompanyOrderPorts,
  input: { actor: User; orderId: string; unpaidOrderTtlHours?: number | undefined } & ({ approve: true } | { approve: false; reason: string }),
): Promise<Result<Order, DecideCompanyOrderError>> => {
  const { store, clock } = ports;
  const membership = await store.companies.membershipOf(input.actor.id);
  if (!membership) return fail(refusal('NO_COMPANY'));
  const found = await store.orders.findById(input.orderId);
  if (!found || found.companyId !== membership.companyId) return fail(notFound('order'));
  if (membership.role !== 'manager') return fail(refusal('NOT_A_MANAGER'));
  if (found.userId === input.actor.id) return fail(refusal('CANNOT_APPROVE_OWN_ORDER'));
  const order = await unlessExpired(ports, { order: found, unpaidOrderTtlHours: input.unpaidOrderTtlHours });
  if (!order) return fail(notFound('order'));
  if (!awaitsApproval(order)) return fail(refusal('ORDER_NOT_AWAITING_APPROVAL'));
  const at = clock.now();
  const decision = input.approve ? { approve: true as const, by: input.actor.id, at } : { approve: false as const, by: input.actor.id, at, reason: input.reason };
  const decided = await store.orders.decideApproval(
    order.id,
    decision,
    auditNote(input.actor, at, {
      kind: input.approve ? 'company-order-approved' : 'company-order-rejected',
      subjectId: order.id,
      summary: `${input.approve ? 'Approved' : 'Rejected'} the company order ${order.number} of ${order.email}`,
      before: { status: order.status },
      after: input.approve ? { status: 'unpaid' } : { status: 'rejected', reason: input.reason },
    }),
    [input.approve ? 'company-order-approved' : 'company-order-rejected'],
  );
  return decided ? ok(decided) : fail(refusal('ORDER_NOT_AWAITING_APPROVAL'));
};
