import type { User } from '../identity/user.ts';
import type { Clock } from '../shared/clock.ts';
import { refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import { canDelete } from './order.ts';
import { findOrderFor } from './find-order.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { releaseUnpaidOrder } from './release-unpaid-order.ts';

/**
 * Owner or admin deletes an unpaid order; its units go back on the shelf. An order whose payment
 * went through meanwhile is recorded as paid instead and refused (409): it is the buyer's money.
 */
export const deleteOrder = async (
  deps: { store: Store; payments: PaymentGateway; clock: Clock },
  input: { actor: User; orderId: string },
): Promise<Result<null, ErrorOf<'NOT_FOUND' | 'ORDER_NOT_DELETABLE'>>> => {
  const found = await findOrderFor(deps.store, input.actor, input.orderId);
  if (!found.ok) return found;
  if (!canDelete(found.value)) return fail(refusal('ORDER_NOT_DELETABLE'));
  // The repository re-checks "still unpaid" atomically: a payment may land in between.
  return (await releaseUnpaidOrder(deps, found.value)) === 'released' ? ok(null) : fail(refusal('ORDER_NOT_DELETABLE'));
};
