import type { User } from '../identity/user.ts';
import { domainError, type DomainError } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { Store } from '../store.ts';
import { canDelete } from './order.ts';
import { findOrderFor } from './find-order.ts';

/** Owner or admin deletes an unpaid order; its units go back on the shelf. */
export const deleteOrder = async (
  { store }: { store: Store },
  input: { actor: User; orderId: string },
): Promise<Result<null, DomainError>> => {
  const found = await findOrderFor(store, input.actor, input.orderId);
  if (!found.ok) return found;
  const notDeletable = fail(domainError('ORDER_NOT_DELETABLE', messages.orderNotDeletable));
  if (!canDelete(found.value)) return notDeletable;
  // The repository re-checks "still unpaid" atomically: a payment may land in between.
  return (await store.orders.deleteUnpaidReturningStock(found.value.id)) ? ok(null) : notDeletable;
};
