/**
 * The admin dashboard's data: query keys, the lists and counts its routes preload, and the
 * changes an admin makes to orders and accounts.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '#domain/messages.ts';
import type { ContactMessageDto, OrderDto, UserDto } from '#http/dto.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { everyPageQuery, keyRoots, pagedListQuery } from '../../lib/queries.ts';
import { notify } from '../../components/ui/toaster.tsx';
import type { AuditSearch } from './audit-search.ts';
import type { OrdersSearch } from './orders-search.ts';

export const adminKeys = {
  all: [keyRoots.admin] as const,
  overview: () => [keyRoots.admin, 'overview'] as const,
  orders: () => [keyRoots.admin, 'orders'] as const,
  users: () => [keyRoots.admin, 'users'] as const,
  messages: () => [keyRoots.admin, 'messages'] as const,
  subscribers: () => [keyRoots.admin, 'subscribers'] as const,
  audit: () => [keyRoots.admin, 'audit'] as const,
};

/** The admin dashboard's counts (they change with orders and the catalogue: refetched on each visit). */
export const adminOverviewQuery = queryOptions({ queryKey: adminKeys.overview(), queryFn: api.adminOverview, staleTime: 0 });

/** The overview's sales pictures for the last 30 or 90 days (docs/reports.md, "Reports"). */
export const salesReportQuery = (days: 30 | 90) => queryOptions({ queryKey: [...adminKeys.overview(), 'sales', days], queryFn: () => api.salesReport(days), staleTime: 0 });

/** How many orders one page (and each Load more) adds: a table an admin can scan. */
const ORDERS_PAGE_SIZE = 50;

/** Manage All Orders for one status filter and search, newest first, a page at a time. */
export const adminOrdersQuery = (search: OrdersSearch) =>
  pagedListQuery([...adminKeys.orders(), search], (cursor) => api.adminOrders({ ...search, limit: ORDERS_PAGE_SIZE, cursor }));

/** How many audit entries one page (and each Load more) adds. */
const AUDIT_PAGE_SIZE = 50;

/** The audit log for one filter, newest first, a page at a time (docs/audit-log.md, "Audit log"). */
export const auditLogQuery = (search: AuditSearch) =>
  pagedListQuery([...adminKeys.audit(), search], (cursor) => api.auditLog({ ...search, limit: AUDIT_PAGE_SIZE, cursor }));

/** All Users: every account, newest first. */
export const adminUsersQuery = everyPageQuery(adminKeys.users(), api.adminUsers);

/** The admins' inbox: every contact message, newest first. */
export const adminMessagesQuery = everyPageQuery(adminKeys.messages(), api.adminMessages);

/** Every newsletter subscriber, newest first. */
export const adminSubscribersQuery = everyPageQuery(adminKeys.subscribers(), api.adminSubscribers);

/** Ships a paid order with the carrier and tracking number given (each may be null); a refusal is the caller's to show. */
export function useShipOrder(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipping: { carrier: string | null; trackingNumber: string | null }) => api.shipOrder(order.id, shipping),
    onSuccess: () => notify.success(messages.orderShipped),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  });
}

/** Read once answered, unread to come back to it: the inbox and the overview's unread count follow. */
export function useMarkContactMessage(message: ContactMessageDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: boolean) => api.markContactMessage(message.id, read),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.messages() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]),
  });
}

export function useMakeAdmin(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.makeAdmin(user.id),
    onSuccess: () => notify.success(messages.madeAdmin),
    onError: (error) => notify.error(errorMessage(error, messages.makeAdminFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export function useRemoveAdmin(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.removeAdmin(user.id),
    onSuccess: () => notify.success(messages.adminRemoved),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export function useDeleteUser(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteUser(user.id),
    onSuccess: () => notify.success(messages.userDeleted),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
