import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../features/auth/sign-up-page.tsx';
import { safeRedirect } from '../features/auth/use-signed-in.ts';

export const Route = createFileRoute('/signUp')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({ redirect: safeRedirect(search.redirect) }),
  component: function SignUpRoute() {
    return <SignUpPage redirect={Route.useSearch().redirect} />;
  },
});
