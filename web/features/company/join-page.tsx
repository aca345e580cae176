/**
 * The page behind an invitation's e-mailed link, `/company/join?token=…` (docs/companies.md,
 * "Companies and members"). A stranger signs in first and comes back here (the signed-in routes
 * do that); then one button accepts. Each refusal says what happened and what to do next.
 */
import { Link } from '@tanstack/react-router';
import { MAX_COMPANY_MEMBERS } from '#domain/companies/company.ts';
import { refusalCode, refusalOf } from '../../lib/error-message.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { useAcceptInvitation } from './api.ts';

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

/** What a refusal of the invitation means for the person holding the link. */
function RefusalExplained({ error, email }: { error: unknown; email: string | undefined }) {
  switch (refusalCode(error)) {
    case 'INVITATION_NOT_FOUND':
      return <>This invitation link is unknown or has expired: links work for 7 days. Ask a manager of the company to invite you again.</>;
    case 'INVITATION_USED':
      return <>This invitation was already accepted; a link works once. If that was not you, ask a manager of the company for a new one.</>;
    case 'INVITATION_FOR_ANOTHER_EMAIL':
      return (
        <>
          This invitation was sent to another e-mail address, and you are signed in as <strong className="break-all">{email}</strong>. Sign out, then sign
          in (or sign up) with the invited address and open the link again.
        </>
      );
    case 'ALREADY_IN_COMPANY':
      return (
        <>
          You already belong to a company, and a person belongs to one at most. To join this one, first leave yours on your{' '}
          <Link to="/dashboard/company" className={linkClass}>
            Company page
          </Link>
          , then open the link again.
        </>
      );
    case 'TOO_MANY_MEMBERS':
      return (
        <>
          This company already has {MAX_COMPANY_MEMBERS} members, as many as a company may. Ask a manager of the company to make room; your link keeps
          working until it expires.
        </>
      );
    default:
      return <>{refusalOf(error).message}</>;
  }
}

export function JoinCompanyPage({ token }: { token: string | undefined }) {
  usePageMeta('Join a company', 'Accept an invitation to order for a company on Bulkhead.');
  const session = useSession();
  const accept = useAcceptInvitation();
  const email = session?.user.email;
  return (
    <AuthCard title="Join a company">
      {token === undefined ? (
        <p role="alert" className="text-slate-800">
          This link has no invitation in it. Open the link from the invitation e-mail as it is, or ask a manager of the company to invite you again.
        </p>
      ) : accept.isSuccess ? (
        <div className="space-y-5 text-center">
          <p role="status" className="font-semibold text-emerald-800">
            You joined {accept.data.company.name} as a {accept.data.role}.
          </p>
          <Link to="/dashboard/company" className={buttonClass('secondary')}>
            Open your company
          </Link>
        </div>
      ) : (
        <div className="space-y-5">
          <p className="text-slate-800">
            You were invited to order for a company on Bulkhead. Accepting makes you one of its members, signed in as{' '}
            <strong className="break-all">{email}</strong>.
          </p>
          {accept.isError ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              <RefusalExplained error={accept.error} email={email} />
            </p>
          ) : null}
          <Button className="w-full" disabled={accept.isPending} aria-busy={accept.isPending} onClick={() => accept.mutate(token)}>
            {accept.isPending ? 'Joining…' : 'Accept invitation'}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
