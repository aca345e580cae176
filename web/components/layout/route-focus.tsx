import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';

/** Where the focus is, or null when it has fallen to the page itself. */
const focusedControl = (): HTMLElement | null => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.isConnected ? active : null;
};

/**
 * After every client-side page change: focus moves to the new page's main heading (so keyboard and
 * screen-reader users start reading where the page starts, not at the top of the body) and a
 * polite live region says which page opened. The first load keeps the browser's own focus.
 *
 * A change of the same page's choices (a search, a filter, a price range, a list's page: only the
 * query string differs) is not a new page: the focus stays on the form control that made it, and when
 * that control was drawn anew (the search boxes are keyed by the URL's words, so Back refills them)
 * it goes to the control of the same id. Only when neither is left does it go to the heading, so it
 * never falls to the body; the list's own live count says what changed.
 */
export function RouteFocus() {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    let idBefore: string | null = null;
    const unsubscribeBefore = router.subscribe('onBeforeNavigate', () => {
      idBefore = focusedControl()?.id || null;
    });
    const unsubscribeResolved = router.subscribe('onResolved', (event) => {
      if (!event.fromLocation || event.fromLocation.href === event.toLocation.href) return;
      const samePage = event.fromLocation.pathname === event.toLocation.pathname;
      const sameControlId = idBefore;
      // After React has painted the new page.
      requestAnimationFrame(() => {
        if (samePage) {
          // A link that made the change (e.g. "search instead for") may go with the old results, so
          // only a form's own controls, which the new results leave in place, keep the focus.
          if (focusedControl()?.matches('input, select, textarea, button')) return;
          const redrawn = sameControlId ? document.getElementById(sameControlId) : null;
          if (redrawn) {
            redrawn.focus({ preventScroll: true });
            return;
          }
        }
        const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
        if (!heading) return;
        // Someone already typing in the new page's form keeps their place (and their keystrokes).
        if (!document.activeElement?.matches('input, textarea, select, [contenteditable="true"]')) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
        }
        if (!samePage) setAnnouncement(heading.textContent?.trim() || document.title);
      });
    });
    return () => {
      unsubscribeBefore();
      unsubscribeResolved();
    };
  }, [router]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
