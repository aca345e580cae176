import { useRouterState } from '@tanstack/react-router';

/**
 * A thin bar under the navbar while the router loads the next page (its code or its data), shown
 * at once: on a slow network the page before stays readable, and the bar says the tap was heard
 * long before the route's own spinner would (that one waits for the router's pendingMs).
 */
export function PendingBar() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  if (!loading) return null;
  return (
    <div role="progressbar" aria-label="Loading page" data-pending-bar className="pending-bar fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-amber-100">
      <span className="block h-full w-1/3 bg-amber-500" />
    </div>
  );
}
