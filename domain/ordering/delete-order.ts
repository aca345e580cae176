import type { User } from '../identity/user.ts';
import { refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import { canDelete } from './order.ts';
import { findOrderFor } from './find-order.ts';

/** Owner or admin deletes an unpaid order; its units go back on the shelf. */
export const deleteOrder = async (
  { store }: { store: Store },
  input: { actor: User; orderId: string },
): Promise<Result<null, ErrorOf<'NOT_FOUND' | 'ORDER_NOT_DELETABLE'>>> => {
  const found = await findOrderFor(store, input.actor, input.orderId);
  if (!found.ok) return found;
  const notDeletable = fail(refusal('ORDER_NOT_DELETABLE'));
  if (!canDelete(found.value)) return notDeletable;
  // The repository re-checks "still unpaid" atomically: a payment may land in between.
  return (await store.orders.deleteUnpaidReturningStock(found.value.id)) ? ok(null) : notDeletable;
};
