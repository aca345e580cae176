/**
 * The admin dashboard's data: query keys, the lists and counts its routes preload, and the
 * changes an admin makes to orders and accounts.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { webMessages } from '../../lib/web-messages.ts';
import type {
  AdminOrdersDto,
  AuditEntryDto,
  CancelledOrderDto,
  ContactMessageDto,
  ListDto,
  OrderDto,
  PaymentToRefundDto,
  ReceivedReturnDto,
  RefundDto,
  ReturnDto,
  SalesReportDto,
  ShopOverviewDto,
  SubscriberDto,
  UserDto,
} from '#http/dto.ts';
import { listPath, pathId, queryString, request, type ListParams } from '../../lib/api.ts';
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
  returns: () => [keyRoots.admin, 'returns'] as const,
  paymentsToRefund: () => [keyRoots.admin, 'payments-to-refund'] as const,
};

/** The admin dashboard's counts (they change with orders and the catalogue: refetched on each visit). */
export const adminOverviewQuery = queryOptions({
  queryKey: adminKeys.overview(),
  queryFn: () => request<ShopOverviewDto>('/api/admin/overview', { signedIn: true }),
  staleTime: 0,
});

/** The overview's sales pictures for the last 30 or 90 days (docs/reports.md, "Reports"). */
export const salesReportQuery = (days: 30 | 90) =>
  queryOptions({
    queryKey: [...adminKeys.overview(), 'sales', days],
    queryFn: () => request<SalesReportDto>(`/api/admin/reports/sales${queryString({ days })}`, { signedIn: true }),
    staleTime: 0,
  });

/** The orders file for days placed `from`–`to` (both `2026-11-24`, both included): a plain download. */
export const exportOrdersUrl = (from: string, to: string) => `/api/admin/orders/export.csv${queryString({ from, to })}`;

/** How many orders one page (and each Load more) adds: a table an admin can scan. */
const ORDERS_PAGE_SIZE = 50;

/** Manage All Orders for one status filter and search, newest first, a page at a time. */
export const adminOrdersQuery = (search: OrdersSearch) =>
  pagedListQuery([...adminKeys.orders(), search], (cursor) =>
    request<AdminOrdersDto>(listPath('/api/admin/orders', { limit: ORDERS_PAGE_SIZE, cursor }, { status: search.status, q: search.q }), { signedIn: true }),
  );

/** How many audit entries one page (and each Load more) adds. */
const AUDIT_PAGE_SIZE = 50;

/** The audit log for one filter, newest first, a page at a time (docs/audit-log.md, "Audit log"). */
export const auditLogQuery = (search: AuditSearch) =>
  pagedListQuery([...adminKeys.audit(), search], (cursor) =>
    request<ListDto<AuditEntryDto>>(listPath('/api/admin/audit', { limit: AUDIT_PAGE_SIZE, cursor }, { actor: search.actor, kind: search.kind }), { signedIn: true }),
  );

/** All Users: every account, newest first. */
export const adminUsersQuery = everyPageQuery(adminKeys.users(), (params: ListParams) => request<ListDto<UserDto>>(listPath('/api/admin/users', params), { signedIn: true }));

/** The admins' inbox: every contact message, newest first. */
export const adminMessagesQuery = everyPageQuery(adminKeys.messages(), (params: ListParams) =>
  request<ListDto<ContactMessageDto>>(listPath('/api/admin/messages', params), { signedIn: true }),
);

/** Every newsletter subscriber, newest first. */
export const adminSubscribersQuery = everyPageQuery(adminKeys.subscribers(), (params: ListParams) =>
  request<ListDto<SubscriberDto>>(listPath('/api/admin/subscribers', params), { signedIn: true }),
);

/** Ships a paid order with the carrier and tracking number given (each may be null); a refusal is the caller's to show. */
export function useShipOrder(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipping: { carrier: string | null; trackingNumber: string | null }) =>
      request<OrderDto>(`/api/admin/orders/${pathId(order.id)}/ship`, { method: 'POST', body: shipping, signedIn: true }),
    onSuccess: () => notify.success(webMessages.orderShipped),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  });
}

/** Read once answered, unread to come back to it: the inbox and the overview's unread count follow. */
export function useMarkContactMessage(message: ContactMessageDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: boolean) => request<ContactMessageDto>(`/api/admin/messages/${pathId(message.id)}`, { method: 'PATCH', body: { read }, signedIn: true }),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.messages() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]),
  });
}

export function useMakeAdmin(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<UserDto>(`/api/admin/users/${pathId(user.id)}/make-admin`, { method: 'POST', signedIn: true }),
    onSuccess: () => notify.success(webMessages.madeAdmin),
    onError: (error) => notify.error(errorMessage(error, webMessages.makeAdminFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export function useRemoveAdmin(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<UserDto>(`/api/admin/users/${pathId(user.id)}/remove-admin`, { method: 'POST', signedIn: true }),
    onSuccess: () => notify.success(webMessages.adminRemoved),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export function useDeleteUser(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(`/api/admin/users/${pathId(user.id)}`, { method: 'DELETE', signedIn: true }),
    onSuccess: () => notify.success(webMessages.userDeleted),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

/**
 * Cancels a pending order: what is left of its payment is refunded, its units go back when
 * `restock` (docs/orders.md, "After the sale: cancel, refund, return"). A refusal is the caller's to show.
 */
export function useCancelOrder(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; restock: boolean }) =>
      request<CancelledOrderDto>(`/api/admin/orders/${pathId(order.id)}/cancel`, { method: 'POST', body, signedIn: true }),
    onSuccess: (answer) => notify.success(webMessages.orderCancelledRefunded(answer.refund.number)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  });
}

/** What the Refund dialog sends: lines at the price paid, or an amount, or both (lines less a fee). */
export interface RefundRequest {
  lines: { productId: string; quantity: number }[] | null;
  amountCents?: number;
  reason: string;
  restock: boolean;
}

/** Refunds part or all of a paid or shipped order; the order's `refundedCents` follows. A refusal is the caller's to show. */
export function useRefundOrder(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => request<RefundDto>(`/api/admin/orders/${pathId(order.id)}/refunds`, { method: 'POST', body, signedIn: true }),
    onSuccess: (refund) => notify.success(webMessages.refundRecorded(refund.number)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  });
}

/** How many returns one page (and each Load more) adds. */
const RETURNS_PAGE_SIZE = 50;

export type ReturnStatus = ReturnDto['status'];
/** The Returns page's filters, in the order a return goes through them; '' is every return. */
export const RETURN_FILTERS = ['', 'requested', 'approved', 'rejected', 'received'] as const;

/** Buyers' returns, newest first, of one status or all, a page at a time (docs/orders.md, "After the sale: cancel, refund, return"). */
export const adminReturnsQuery = (status: ReturnStatus | undefined) =>
  pagedListQuery([...adminKeys.returns(), status ?? 'all'], (cursor) =>
    request<ListDto<ReturnDto>>(listPath('/api/admin/returns', { limit: RETURNS_PAGE_SIZE, cursor }, { status }), { signedIn: true }),
  );

/** One order as an admin reads it: a return names its order and products by id only, the order has their words. */
export const adminOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...adminKeys.orders(), 'one', orderId],
    queryFn: () => request<OrderDto>(`/api/orders/${pathId(orderId)}`, { signedIn: true }),
    staleTime: 60_000,
  });

/** Approve (the answer optional: the shop's instructions) or reject (the answer required: why not) a requested return. */
export function useAnswerReturn(ret: ReturnDto, verdict: 'approve' | 'reject') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { answer?: string }) => request<ReturnDto>(`/api/admin/returns/${pathId(ret.id)}/${verdict}`, { method: 'POST', body, signedIn: true }),
    onSuccess: (answered) => notify.success(verdict === 'approve' ? webMessages.returnApproved(answered.number) : webMessages.returnRejected(answered.number)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.returns() }),
  });
}

/** An approved return arrived: the received units are refunded at the price paid and restocked per line. */
export function useReceiveReturn(ret: ReturnDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: { productId: string; quantity: number; restock: boolean }[]) =>
      request<ReceivedReturnDto>(`/api/admin/returns/${pathId(ret.id)}/receive`, { method: 'POST', body: { lines }, signedIn: true }),
    onSuccess: (answer) => notify.success(webMessages.returnReceived(answer.return.number, answer.refund?.number ?? null)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.returns() }), queryClient.invalidateQueries({ queryKey: adminKeys.orders() })]),
  });
}

/** How many payments to refund one page (and each Load more) adds. */
const PAYMENTS_TO_REFUND_PAGE_SIZE = 50;

/** Succeeded payments no order could take, newest first, the refunded ones too (docs/api.md, "Payments to refund"). */
export const paymentsToRefundQuery = pagedListQuery(adminKeys.paymentsToRefund(), (cursor) =>
  request<ListDto<PaymentToRefundDto>>(listPath('/api/admin/payments-to-refund', { limit: PAYMENTS_TO_REFUND_PAGE_SIZE, cursor }), { signedIn: true }),
);

/** Gives a payment no order could take back through the provider, once; the list and the overview's count follow. A refusal is the caller's to show. */
export function useRefundPayment(payment: PaymentToRefundDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<PaymentToRefundDto>(`/api/admin/payments-to-refund/${pathId(payment.paymentIntentId)}/refund`, { method: 'POST', signedIn: true }),
    onSuccess: () => notify.success(webMessages.paymentRefunded),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.paymentsToRefund() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]),
  });
}
