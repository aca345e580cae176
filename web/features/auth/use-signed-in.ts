import { useRouter } from '@tanstack/react-router';
import type { UserDto } from '#http/dto.ts';
import { notify } from '../../components/ui/toaster.tsx';

/** Only same-site paths are accepted as a place to return to (no open redirect). */
export const safeRedirect = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

/**
 * Where a sign-in lands when no page asked for it: buyers on the home page, admins (who cannot
 * buy) on the dashboard's overview of what waits for them.
 */
export const landingFor = (user: Pick<UserDto, 'role'>, redirect: string | undefined): string => redirect ?? (user.role === 'admin' ? '/dashboard' : '/');

/** After sign-in or sign-up (the session was switched by features/auth/api.ts): greet, and return to the page that asked. */
export function useSignedIn() {
  const router = useRouter();
  return (toast: string, redirect: string | undefined) => {
    notify.success(toast);
    router.history.push(redirect ?? '/');
  };
}
