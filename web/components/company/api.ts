/**
 * The caller's company, shared by the company page, checkout's site picker and the navigation
 * (docs/companies.md, "The shop's company pages"). A session switch drops it (lib/queries.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from '../../lib/api.ts';
import type { CompanyViewDto } from './types.ts';

export const companyKeys = {
  all: ['company'] as const,
  mine: () => ['company', 'mine'] as const,
  invitations: () => ['company', 'invitations'] as const,
  orders: (status: string | undefined, member: string | undefined) => ['company', 'orders', status ?? null, member ?? null] as const,
};

/** The caller's company, or null when they belong to none (the server's 404 NO_COMPANY). */
export const myCompanyQuery = queryOptions({
  queryKey: companyKeys.mine(),
  queryFn: async (): Promise<CompanyViewDto | null> => {
    try {
      return await request<CompanyViewDto>('/api/company', { signedIn: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});
