/** The signed-in account's own calls, shared by the account menu, the verify page and the purchase form. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { webMessages } from '../../lib/web-messages.ts';
import { request } from '../../lib/api.ts';
import { endedTheSession, errorMessage } from '../../lib/error-message.ts';
import { focusResult, focusWasLost } from '../../lib/focus-result.ts';
import { switchSession } from '../../lib/queries.ts';
import { notify } from '../ui/toaster.tsx';

/** Asks the server for a fresh verification e-mail for the signed-in user, and says how it went. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => request<void>('/api/auth/verify-email/resend', { method: 'POST', signedIn: true }),
    onSuccess: () => notify.success(webMessages.verificationSent),
    // A 401/403 is handled once for the whole app (session ended); anything else is said here.
    onError: (error) => {
      if (!endedTheSession(error)) notify.error(errorMessage(error));
    },
  });
}

/**
 * Sign Out: whatever the server answers (even a failure), this browser forgets the session and
 * everything the user's pages loaded, says so and goes home.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => request<void>('/api/auth/sign-out', { method: 'POST' }),
    onSettled: async () => {
      switchSession(queryClient, null);
      notify.success(webMessages.signedOut);
      await navigate({ to: '/' });
      // Signed out at home, the page does not change (layout/route-focus.tsx moves nothing) but the
      // account menu pressed goes: the focus goes to the page's heading, not to `<body>`.
      requestAnimationFrame(() => {
        if (focusWasLost()) focusResult(document.querySelector<HTMLElement>('main h1'));
      });
    },
  });
}
