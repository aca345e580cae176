import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, type DomainError } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Order } from './order.ts';
import type { OrderRepository, OrderSearch } from './order-repository.ts';

export type ListAllOrdersPorts = { store: { orders: Pick<OrderRepository, 'listAll' | 'count'> } };

export interface AllOrdersQuery extends OrderSearch {
  limit?: number | undefined;
  cursor?: string | null | undefined;
}

/**
 * Admins only: one page of every customer's orders, newest first, optionally narrowed to a status
 * a search key or one company (docs/companies.md, "Approvals"), with how many match in all. The page is clamped like every list's, so however
 * many orders the shop holds, one answer stays small; the total is its own count query.
 */
export const listAllOrders = async (
  { store }: ListAllOrdersPorts,
  { actor, ...query }: AllOrdersQuery & { actor: User },
): Promise<Result<Page<Order> & { total: number }, DomainError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const search: OrderSearch = { status: query.status, q: query.q?.trim() || undefined, companyId: query.companyId || undefined };
  const [page, total] = await Promise.all([store.orders.listAll(search, pageRequest(query)), store.orders.count(search)]);
  return ok({ ...page, total });
};
