import { useRouter } from '@tanstack/react-router';
import { notify } from '../../components/ui/toaster.tsx';

/** Only same-site paths are accepted as a place to return to (no open redirect). */
export const safeRedirect = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

/** After sign-in or sign-up (the session was switched by features/auth/api.ts): greet, and return to the page that asked. */
export function useSignedIn() {
  const router = useRouter();
  return (toast: string, redirect: string | undefined) => {
    notify.success(toast);
    router.history.push(redirect ?? '/');
  };
}
