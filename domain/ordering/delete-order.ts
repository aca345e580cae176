import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { canDelete } from './order.ts';
import { findOrderFor, type FindOrderPorts } from './find-order.ts';
import { releaseUnpaidOrder, type ReleaseUnpaidOrderPorts } from './release-unpaid-order.ts';

export type DeleteOrderPorts = FindOrderPorts & ReleaseUnpaidOrderPorts;

/**
 * Owner or admin deletes an unpaid order; its units go back on the shelf. An order whose payment
 * went through meanwhile is recorded as paid instead and refused (409): it is the buyer's money.
 * An admin deleting someone else's order is an admin action, recorded in the audit log.
 */
export const deleteOrder = async (
  deps: DeleteOrderPorts,
  input: { actor: User; orderId: string },
): Promise<Result<null, ErrorOf<'NOT_FOUND' | 'ORDER_NOT_DELETABLE'>>> => {
  const found = await findOrderFor(deps, input);
  if (!found.ok) return found;
  if (!canDelete(found.value)) return fail(refusal('ORDER_NOT_DELETABLE'));
  const order = found.value;
  const audit =
    isAdmin(input.actor) && order.userId !== input.actor.id
      ? auditNote(input.actor, deps.clock.now(), {
          kind: 'order-deleted',
          subjectId: order.id,
          summary: `Deleted the unpaid order ${order.number} of ${order.email}`,
          before: { number: order.number, email: order.email, status: order.status, lines: order.lines, poNumber: order.poNumber },
          after: null,
        })
      : undefined;
  // The repository re-checks "still unpaid" atomically: a payment may land in between.
  return (await releaseUnpaidOrder(deps, { order, audit })) === 'released' ? ok(null) : fail(refusal('ORDER_NOT_DELETABLE'));
};
