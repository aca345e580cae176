/** The e-mailed verification link. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';

/** A query, not a mutation: it runs once per token even when React mounts the page twice. */
export const verifyEmailQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await request<void>('/api/auth/verify-email', { method: 'POST', body: { token: token ?? '' } });
      return true;
    },
    enabled: token !== undefined,
    staleTime: Infinity,
  });
