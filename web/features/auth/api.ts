/**
 * Signing in and out of accounts: sign-in, sign-up, the password reset and Google sign-in. Each
 * success changes who is signed in, so the session's cache is switched here, in one place, never by a page.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleStatusDto, MeDto, SessionDto } from '#http/dto.ts';
import { request } from '../../lib/api.ts';
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
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => request<SessionDto>('/api/auth/sign-in', { method: 'POST', body }),
    onSuccess: switchTo,
  });
}

export function useSignUp() {
  const switchTo = useSwitchToSession();
  return useMutation({
    mutationFn: (body: { name: string; email: string; password: string }) => request<SessionDto>('/api/auth/sign-up', { method: 'POST', body }),
    onSuccess: switchTo,
  });
}

/** The answer is the same whether or not the account exists (no account enumeration). */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: { email: string }) => request<void>('/api/auth/password-reset', { method: 'POST', body }) });

/** A new password ends every session, this browser's too: the visitor's navbar shows at once. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => request<void>('/api/auth/password-reset/confirm', { method: 'POST', body }),
    onSuccess: () => switchSession(queryClient, null),
  });
}

/** Whether this server offers Google sign-in: asked once per visit. */
export const googleStatusQuery = queryOptions({
  queryKey: ['auth', 'google-status'] as const,
  queryFn: () => request<GoogleStatusDto>('/api/auth/google/status'),
  staleTime: Infinity,
});

/** Where Google sign-in starts: a full-page redirect through the server, back to `returnTo`. */
/** Without a page to return to, the server lands the user by role (admins on the dashboard), as a password sign-in does. */
export const googleSignInUrl = (returnTo: string | undefined) =>
  returnTo === undefined ? '/api/auth/google' : `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
