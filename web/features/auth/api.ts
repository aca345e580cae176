/**
 * Signing in and out of accounts: sign-in, sign-up and the password reset. Each success changes
 * who is signed in, so the session's cache is switched here, in one place, never by a page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeDto, SessionDto } from '#http/dto.ts';
import { api } from '../../lib/api.ts';
import { sessionQuery, switchSession } from '../../lib/queries.ts';

/**
 * After sign-in or sign-up: forget whatever the previous user's pages had loaded (their orders
 * must never flash for the next one) and remember the new user; the profile (navbar phone, My
 * Profile link) comes with the next /api/me.
 */
function useSwitchToSession() {
  const queryClient = useQueryClient();
  return (session: SessionDto) => {
    const me: MeDto = { user: session.user, profile: null };
    switchSession(queryClient, me);
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  };
}

export function useSignIn() {
  const switchTo = useSwitchToSession();
  return useMutation({ mutationFn: api.signIn, onSuccess: switchTo });
}

export function useSignUp() {
  const switchTo = useSwitchToSession();
  return useMutation({ mutationFn: api.signUp, onSuccess: switchTo });
}

/** The answer is the same whether or not the account exists (no account enumeration). */
export const useRequestPasswordReset = () => useMutation({ mutationFn: api.requestPasswordReset });

/** A new password ends every session, this browser's too: the visitor's navbar shows at once. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: api.confirmPasswordReset, onSuccess: () => switchSession(queryClient, null) });
}
