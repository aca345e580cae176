import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { MeDto, SessionDto } from '#http/dto.ts';
import { sessionQuery, switchSession } from '../../lib/queries.ts';
import { notify } from '../../components/ui/toaster.tsx';

/** Only same-site paths are accepted as a place to return to (no open redirect). */
export const safeRedirect = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

/**
 * After sign-in or sign-up: forget whatever the previous user's pages had loaded (their orders
 * must never flash for the next one), remember the new user, greet, and return to the page that asked.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return (session: SessionDto, toast: string, redirect: string | undefined) => {
    const me: MeDto = { user: session.user, profile: null };
    switchSession(queryClient, me);
    // The profile (navbar phone, My Profile link) comes with the next /api/me.
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    notify.success(toast);
    router.history.push(redirect ?? '/');
  };
}
