import { useMutation } from '@tanstack/react-query';
import { messages } from '../../lib/messages.ts';
import { api } from '../../lib/api.ts';
import { endedTheSession, errorMessage } from '../../lib/error-message.ts';
import { notify } from '../ui/toaster.tsx';

/** Asks the server for a fresh verification e-mail for the signed-in user, and says how it went. */
export function useResendVerification() {
  return useMutation({
    mutationFn: api.resendVerification,
    onSuccess: () => notify.success(messages.verificationSent),
    // A 401/403 is handled once for the whole app (session ended); anything else is said here.
    onError: (error) => {
      if (!endedTheSession(error)) notify.error(errorMessage(error));
    },
  });
}
