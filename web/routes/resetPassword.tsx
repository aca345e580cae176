import { createFileRoute } from '@tanstack/react-router';
import { linkToken } from '../features/account/link-token.ts';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';

/** Without a token: ask for the e-mail. With the e-mailed `?token=`: choose the new password. */
export const Route = createFileRoute('/resetPassword')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({ token: linkToken(search.token) }),
  component: function ResetPasswordRoute() {
    return <ResetPasswordPage token={Route.useSearch().token} />;
  },
});
