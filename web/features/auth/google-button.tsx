import { useQuery } from '@tanstack/react-query';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { OrDivider } from '../../components/layout/auth-card.tsx';
import { googleSignInUrl, googleStatusQuery } from './api.ts';

/**
 * Shown only when the server says Google sign-in is set up (an operator's choice, not something
 * a visitor should be told about). Google sign-in is a full-page redirect through the server. We ask first without following the
 * redirect, so a server without Google keys (503) gets a clear toast instead of a raw JSON page.
 */
export function GoogleButton({ returnTo }: { returnTo: string | undefined }) {
  const { data: status } = useQuery(googleStatusQuery);
  const start = async () => {
    const url = googleSignInUrl(returnTo);
    try {
      const probe = await fetch(new URL(url, window.location.origin), { redirect: 'manual', credentials: 'same-origin' });
      // A redirect to Google comes back as an opaque redirect; 503 (or a server without the
      // route at all) means Google sign-in is not set up here.
      if (probe.status === 503 || probe.status === 404) {
        notify.error(messages.googleNotConfigured);
        return;
      }
      if (probe.status >= 400) {
        notify.error(messages.serverError);
        return;
      }
    } catch {
      // A network error here is not a reason to stop: the real navigation will show what happens.
    }
    window.location.assign(url);
  };
  if (!status?.configured) return null;
  return (
    <>
      <OrDivider />
      <Button variant="ghost" className="w-full border border-slate-400" onClick={() => void start()}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
        <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
        <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
        <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
      </svg>
      {labels.continueWithGoogle}
    </Button>
    </>
  );
}
