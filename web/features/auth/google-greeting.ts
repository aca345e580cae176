import { GOOGLE_SIGNED_IN_COOKIE } from '#domain/identity/google-sign-in.ts';
import { notify } from '../../components/ui/toaster.tsx';

/**
 * A Google sign-in ends with a redirect from the server, not in a form's submit handler: the
 * server leaves a one-minute cookie, and the page it lands on greets like the e-mail sign-in.
 */
export const greetAfterGoogleSignIn = () => {
  if (!document.cookie.split(/;\s*/).includes(`${GOOGLE_SIGNED_IN_COOKIE}=1`)) return;
  document.cookie = `${GOOGLE_SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  // The words load on first use, like the toasts (docs/storefront.md, "First-load JavaScript").
  void import('../../lib/web-messages.ts').then(({ webMessages }) => notify.success(webMessages.loginSuccess));
};
