import { HeadContent, Outlet, Scripts, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { pageMeta } from '../lib/labels.ts';
import { pageHead } from '../lib/page-head.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { sessionQuery } from '../lib/queries.ts';
import { SIGNED_IN_HINT_SCRIPT, useSignedInHint } from '../lib/signed-in-hint.ts';
import { Navbar } from '../components/layout/navbar.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { PendingBar } from '../components/layout/pending-bar.tsx';
import { RouteFocus } from '../components/layout/route-focus.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%230f172a'/%3E%3Cpath d='M8 22V10h9a4 4 0 0 1 0 8H8' stroke='%23fbbf24' stroke-width='3' fill='none'/%3E%3C/svg%3E";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Ask who is signed in at once, but do not hold the page for the answer: waiting put a whole
  // round trip between the bundle and the route's own code and data on every first visit. The
  // navbar keeps the account corner's space while it waits; signed-in routes await it themselves.
  // Never on the server: a rendered page is the same for everyone (web/README.md, "Server rendering").
  beforeLoad: ({ context }) => {
    if (typeof window !== 'undefined') void context.queryClient.prefetchQuery(sessionQuery);
  },
  // Travels in the rendered page, so the browser builds the same canonical URLs as the server did.
  loader: ({ context }) => ({ siteUrl: context.siteUrl }),
  // The tags every page has; each public route's head() adds its title, description, canonical
  // URL and previews (web/lib/page-head.ts). The place for a page's JSON-LD `script` entries too.
  head: ({ matches, loaderData }) => {
    const base = [{ charSet: 'utf-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1.0' }, { name: 'theme-color', content: '#0f172a' }];
    // No route matched: the not-found page, which no search engine should keep.
    const notFound = matches.some((match) => match._notFound || match.status === 'notFound');
    const own = notFound ? pageHead(loaderData?.siteUrl ?? '', { ...pageMeta.notFound, noIndex: true }).meta : [{ title: 'Bulkhead' }];
    // Before the first paint: whether to keep the line a member's price fills (lib/signed-in-hint.ts).
    return { meta: [...base, ...own], links: [{ rel: 'icon', href: ICON }], scripts: [{ children: SIGNED_IN_HINT_SCRIPT }] };
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  const { wholeDocument } = Route.useRouteContext();
  if (!wholeDocument) return <ShellLayout />;
  // Rendered on the server and hydrated in the browser: the whole document, its head included.
  return (
    // The head's hint script may mark <html> before React hydrates it (lib/signed-in-hint.ts).
    <html lang="en" suppressHydrationWarning>
      <head>
        <HeadContent />
      </head>
      <body className="bg-slate-50 text-slate-900 antialiased">
        <div id="root">
          <RootLayout />
          <Toaster />
        </div>
        <Scripts />
      </body>
    </html>
  );
}

/**
 * In the SPA shell (index.html) no HeadContent renders: the page's own head() title and
 * description are applied to the document instead. Signed-in pages set theirs with usePageMeta.
 */
function ShellLayout() {
  const own = useRouterState({
    select: (state) => {
      const tags = state.matches.slice(1).flatMap((match) => match.meta ?? []);
      const title = tags.findLast((tag) => tag?.title)?.title;
      const description = tags.findLast((tag) => tag?.name === 'description')?.content;
      return title && description ? { title, description } : null;
    },
    structuralSharing: true,
  });
  usePageMeta(own?.title.replace(/ \| Bulkhead$/, '') ?? null, own?.description ?? null);
  return <RootLayout />;
}

function RootLayout() {
  useSignedInHint();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <PendingBar />
      <RouteFocus />
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold: a page whose content arrives
          after the first paint (the cart, signed-in pages) moves nothing the visitor sees. */}
      <main id="main" className="min-h-screen flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
