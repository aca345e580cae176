import { useEffect } from 'react';
import { useSession } from './session.ts';

/**
 * Whether this browser was last signed in as a customer, known before the first paint of a page
 * the server rendered (the same HTML for everyone, docs/storefront.md "How a page is served"). A
 * company member's price fills in after hydration, in a line kept for it (components/catalog/
 * your-price.tsx, MemberPriceLine); only a browser that may be signed in keeps that line, so a
 * visitor's page has no empty line under each price and a member's moves nothing (no layout shift).
 * A hint, never an authority: the prices themselves come from the server for the session it checks.
 */
const KEY = 'bulkhead.signedIn';
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/** The head's inline script (its hash goes into the page's CSP, http/page-rendering.ts, policyFor). */
export const SIGNED_IN_HINT_SCRIPT = `try{if(localStorage.getItem('${KEY}'))document.documentElement.setAttribute('${SIGNED_IN_ATTRIBUTE}','')}catch(e){}`;

/** Keeps the hint in step with the session once it is known: set for a customer, cleared for a visitor or an admin. */
export function useSignedInHint() {
  const session = useSession();
  useEffect(() => {
    if (session === undefined) return;
    const mayBeMember = session !== null && session.user.role !== 'admin';
    try {
      if (mayBeMember) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode, quota): the line is then kept only once the session is known.
    }
    document.documentElement.toggleAttribute(SIGNED_IN_ATTRIBUTE, mayBeMember);
  }, [session]);
}
