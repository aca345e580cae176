import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { safeRedirect } from '../features/auth/use-signed-in.ts';

export const Route = createFileRoute('/login')({
  // `?error=google` is where the server sends a Google sign-in that did not complete.
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined; error?: 'google' | undefined } => ({
    redirect: safeRedirect(search.redirect),
    error: search.error === 'google' ? 'google' : undefined,
  }),
  component: function LoginRoute() {
    const { redirect, error } = Route.useSearch();
    return <LoginPage redirect={redirect} googleFailed={error === 'google'} />;
  },
});
