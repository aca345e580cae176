/**
 * The shop admin's company pages (docs/companies.md, "The shop's company pages"): the list, one
 * company with its members, sites and spend, its orders, its discount and its contract prices.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrdersDto, ListDto } from '#http/dto.ts';
import { listPath, pathId, request } from '../../lib/api.ts';
import { everyPageQuery, keyRoots, pagedListQuery } from '../../lib/queries.ts';
import type { AdminCompanyDetailDto, AdminCompanyDto, CompanyDto, ContractPriceDto } from '../../components/company/types.ts';

const adminCompanyKeys = {
  all: [keyRoots.admin, 'companies'] as const,
  list: (q: string | undefined) => [keyRoots.admin, 'companies', 'list', q ?? null] as const,
  one: (id: string) => [keyRoots.admin, 'companies', 'one', id] as const,
  prices: (id: string) => [keyRoots.admin, 'companies', 'prices', id] as const,
  orders: (id: string) => [keyRoots.admin, 'companies', 'orders', id] as const,
};

/** Companies whose name (or tax ID) matches `q`, a page at a time. */
export const adminCompaniesQuery = (q: string | undefined) =>
  everyPageQuery(adminCompanyKeys.list(q), (params) => request<ListDto<AdminCompanyDto>>(listPath('/api/admin/companies', params, { q }), { signedIn: true }));

export const adminCompanyQuery = (id: string) =>
  queryOptions({ queryKey: adminCompanyKeys.one(id), queryFn: () => request<AdminCompanyDetailDto>(`/api/admin/companies/${pathId(id)}`, { signedIn: true }) });

export const contractPricesQuery = (id: string) =>
  queryOptions({
    queryKey: adminCompanyKeys.prices(id),
    queryFn: () => request<{ items: ContractPriceDto[] }>(`/api/admin/companies/${pathId(id)}/prices`, { signedIn: true }),
  });

/** The company's orders, from the admins' order list narrowed to it. */
export const companyOrdersForAdminQuery = (id: string) =>
  pagedListQuery(adminCompanyKeys.orders(id), (cursor) =>
    request<AdminOrdersDto>(listPath('/api/admin/orders', { limit: 50, cursor }, { companyId: id }), { signedIn: true }),
  );

export function useAdminCompanyChanges(id: string) {
  const queryClient = useQueryClient();
  return {
    setDiscount: useMutation({
      mutationFn: (discountPercent: number) => request<CompanyDto>(`/api/admin/companies/${pathId(id)}`, { method: 'PATCH', body: { discountPercent }, signedIn: true }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompanyKeys.all }),
    }),
    /** Replaces the whole contract price list with `prices`; the answer is the list as saved. */
    savePrices: useMutation({
      mutationFn: (prices: { productId: string; unitPriceCents: number }[]) =>
        request<{ items: ContractPriceDto[] }>(`/api/admin/companies/${pathId(id)}/prices`, { method: 'PUT', body: { prices }, signedIn: true }),
      onSuccess: (answer) => queryClient.setQueryData(adminCompanyKeys.prices(id), answer),
    }),
  };
}
