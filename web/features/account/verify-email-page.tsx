import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import { verifyEmailQuery } from './api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { sessionQuery } from '../../lib/queries.ts';
import { useSession } from '../../lib/session.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { useResendVerification } from '../../components/account/api.ts';

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

/**
 * The page behind the e-mailed verification link (`/verifyEmail?token=…`). Opening it verifies;
 * opening it again is harmless. Without a token, or after a bad one, it offers a fresh e-mail.
 */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  usePageMeta('Verify E-mail', 'Confirm the e-mail address of your Bulkhead account.');
  const queryClient = useQueryClient();
  const check = useQuery(verifyEmailQuery(token));
  const verified = check.isSuccess;
  useEffect(() => {
    // The navbar's reminder goes away once /api/me says the address is verified.
    if (verified) void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [verified, queryClient]);

  return (
    <AuthCard title="Verify E-mail">
      {token === undefined ? (
        <ResendOptions />
      ) : check.isPending ? (
        <Spinner label={webMessages.verifyingEmail} />
      ) : check.isSuccess ? (
        <div className="space-y-5 text-center">
          <p role="status" className="font-semibold text-emerald-800">
            {webMessages.emailVerified}
          </p>
          <Link to="/" className={buttonClass('secondary')}>
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="space-y-5">
          <p role="alert" className="font-semibold text-red-700">
            {errorMessage(check.error)}
          </p>
          <ResendOptions />
        </div>
      )}
    </AuthCard>
  );
}

/** How to get a new link: signed-in users ask for it here; others sign in first. */
function ResendOptions() {
  const session = useSession();
  const resend = useResendVerification();
  if (session === undefined) return <Spinner />;
  if (session === null) {
    return (
      <p className="text-slate-700">
        {webMessages.signInToResendVerification}{' '}
        <Link to="/login" search={{ redirect: '/verifyEmail' }} className={linkClass}>
          Login
        </Link>
      </p>
    );
  }
  if (session.user.emailVerified) return <p className="text-slate-700">{webMessages.emailAlreadyVerified}</p>;
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{webMessages.verifyReminder}</p>
      <Button variant="secondary" className="w-full" disabled={resend.isPending} aria-busy={resend.isPending} onClick={() => resend.mutate()}>
        {labels.resendVerification}
      </Button>
    </div>
  );
}
