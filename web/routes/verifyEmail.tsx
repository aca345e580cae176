import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/account/verify-email-page.tsx';
import { linkToken } from '../features/account/link-token.ts';

/** The e-mailed verification link lands here (domain/identity/email-verification.ts builds it). */
export const Route = createFileRoute('/verifyEmail')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: linkToken(search.token),
  }),
  component: function VerifyEmailRoute() {
    return <VerifyEmailPage token={Route.useSearch().token} />;
  },
});
