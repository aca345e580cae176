import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { sessionQuery } from '../lib/queries.ts';
import { Navbar } from '../components/layout/navbar.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Knowing who is signed in before the first paint keeps the navbar from flickering.
  beforeLoad: async ({ context }) => {
    await context.queryClient.ensureQueryData(sessionQuery).catch(() => null);
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
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
