import { useState } from 'react';
import { messages } from '#domain/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../components/ui/toaster.tsx';

/**
 * The server's field messages of an auth form's last refused submit. `showRefusal` puts a
 * refusal's messages under the fields and its message in a toast; anything else is a server error.
 */
export function useServerRefusal() {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  return {
    serverErrors,
    clearServerErrors: () => setServerErrors({}),
    showRefusal: (error: unknown) => {
      if (error instanceof ApiError) {
        setServerErrors(error.fields);
        notify.error(error.message);
      } else {
        notify.error(messages.serverError);
      }
    },
  };
}
