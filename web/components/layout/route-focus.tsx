import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';

/**
 * After every client-side page change: focus moves to the new page's main heading (so keyboard and
 * screen-reader users start reading where the page starts, not at the top of the body) and a
 * polite live region says which page opened. The first load keeps the browser's own focus.
 */
export function RouteFocus() {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.fromLocation || event.fromLocation.href === event.toLocation.href) return;
        // After React has painted the new page.
        requestAnimationFrame(() => {
          const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
          if (!heading) return;
          // Someone already typing in the new page's form keeps their place (and their keystrokes).
          if (!document.activeElement?.matches('input, textarea, select, [contenteditable="true"]')) {
            if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
            heading.focus({ preventScroll: true });
          }
          setAnnouncement(heading.textContent?.trim() || document.title);
        });
      }),
    [router],
  );
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
