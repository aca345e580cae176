import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { sessionQuery } from '../lib/queries.ts';
import { Navbar } from '../components/layout/navbar.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { PendingBar } from '../components/layout/pending-bar.tsx';
import { RouteFocus } from '../components/layout/route-focus.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Ask who is signed in at once, but do not hold the page for the answer: waiting put a whole
  // round trip between the bundle and the route's own code and data on every first visit. The
  // navbar keeps the account corner's space while it waits; signed-in routes await it themselves.
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery);
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <PendingBar />
      <RouteFocus />
      <Navbar />
      <main id="main" className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
