import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, type ErrorOf } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { PaymentToRefund, RefundRepository } from './payment-to-refund.ts';

export type ListPaymentsToRefundPorts = { store: { refunds: Pick<RefundRepository, 'list'> } };

/**
 * Admins only: one page of the succeeded payments no order could take, newest first, for an
 * admin to refund from the provider's dashboard. Checked here so no entry point skips the role.
 */
export const listPaymentsToRefund = async (
  { store }: ListPaymentsToRefundPorts,
  { actor, ...query }: { actor: User; limit?: number | undefined; cursor?: string | null | undefined },
): Promise<Result<Page<PaymentToRefund>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  return ok(await store.refunds.list(pageRequest(query)));
};
