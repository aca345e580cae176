/**
 * The company's data (docs/companies.md): the caller's company, its invitations and orders, and
 * every change a manager or member makes. Each change refreshes the company (members, sites,
 * spending) and, where orders move, the order lists.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListDto } from '#http/dto.ts';
import { listPath, pathId, request } from '../../lib/api.ts';
import { companyKeys } from '../../components/company/api.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';
import type { CompanyAddressDto, CompanyInvitationDto, CompanyMemberDto, CompanyOrderDto, CompanyOrderStatus, CompanyRole, CompanyViewDto } from '../../components/company/types.ts';

export { companyKeys, myCompanyQuery } from '../../components/company/api.ts';

/** Pending invitations, newest first (managers). */
export const invitationsQuery = queryOptions({
  queryKey: companyKeys.invitations(),
  queryFn: () => request<ListDto<CompanyInvitationDto>>('/api/company/invitations', { signedIn: true }),
});

/** The company's orders (a manager's: everyone's; a buyer's: their own), filtered by status and member. */
export const companyOrdersQuery = (status?: CompanyOrderStatus, member?: string) =>
  everyPageQuery(companyKeys.orders(status, member), (params) =>
    request<ListDto<CompanyOrderDto>>(listPath('/api/company/orders', params, { status, member }), { signedIn: true }),
  );

export interface CompanyFields {
  name?: string;
  taxId?: string | null;
  approvalThresholdCents?: number | null;
}

export interface InvitationFields {
  email: string;
  role: CompanyRole;
  monthlyLimitCents: number | null;
}

export type AddressFields = Omit<CompanyAddressDto, 'id'>;

/** Every company change: on success the company (and what it touches) is read again. */
export function useCompanyChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.all });
  const put = (view: CompanyViewDto) => queryClient.setQueryData(companyKeys.mine(), view);
  return {
    create: useMutation({
      mutationFn: (body: { name: string; taxId?: string }) => request<CompanyViewDto>('/api/company', { method: 'POST', body, signedIn: true }),
      onSuccess: put,
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: (body: CompanyFields) => request<CompanyViewDto>('/api/company', { method: 'PATCH', body, signedIn: true }),
      onSuccess: put,
      onSettled: refresh,
    }),
    invite: useMutation({
      mutationFn: (body: InvitationFields) => request<CompanyInvitationDto>('/api/company/invitations', { method: 'POST', body, signedIn: true }),
      onSettled: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => request<undefined>(`/api/company/invitations/${pathId(id)}`, { method: 'DELETE', signedIn: true }),
      onSettled: refresh,
    }),
    updateMember: useMutation({
      mutationFn: ({ userId, ...body }: { userId: string; role?: CompanyRole; monthlyLimitCents?: number | null }) =>
        request<CompanyMemberDto>(`/api/company/members/${pathId(userId)}`, { method: 'PATCH', body, signedIn: true }),
      onSettled: refresh,
    }),
    removeMember: useMutation({
      mutationFn: (userId: string) => request<undefined>(`/api/company/members/${pathId(userId)}`, { method: 'DELETE', signedIn: true }),
      onSettled: refresh,
    }),
    addAddress: useMutation({
      mutationFn: (body: AddressFields) => request<CompanyAddressDto>('/api/company/addresses', { method: 'POST', body, signedIn: true }),
      onSettled: refresh,
    }),
    editAddress: useMutation({
      mutationFn: ({ id, ...body }: AddressFields & { id: string }) =>
        request<CompanyAddressDto>(`/api/company/addresses/${pathId(id)}`, { method: 'PATCH', body, signedIn: true }),
      onSettled: refresh,
    }),
    removeAddress: useMutation({
      mutationFn: (id: string) => request<undefined>(`/api/company/addresses/${pathId(id)}`, { method: 'DELETE', signedIn: true }),
      onSettled: refresh,
    }),
  };
}

/** A manager's answer to an order awaiting approval; the order lists (the company's and the buyer's) follow. */
export function useApprovalAnswers() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.all }), queryClient.invalidateQueries({ queryKey: [keyRoots.orders] })]);
  return {
    approve: useMutation({
      mutationFn: (orderId: string) => request<CompanyOrderDto>(`/api/company/orders/${pathId(orderId)}/approve`, { method: 'POST', signedIn: true }),
      onSettled: refresh,
    }),
    reject: useMutation({
      mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
        request<CompanyOrderDto>(`/api/company/orders/${pathId(orderId)}/reject`, { method: 'POST', body: { reason }, signedIn: true }),
      onSettled: refresh,
    }),
  };
}

/** Accepting an invitation makes the caller a member: the company is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => request<CompanyViewDto>('/api/company/invitations/accept', { method: 'POST', body: { token }, signedIn: true }),
    onSuccess: (view) => queryClient.setQueryData(companyKeys.mine(), view),
  });
}
