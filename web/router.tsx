import { QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { setUnauthorizedListener } from './lib/api.ts';
import { switchSession } from './lib/queries.ts';
import { notify } from './components/ui/toaster.tsx';
import { Spinner } from './components/ui/spinner.tsx';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
  /**
   * true when the root route renders the whole document (`<html>` with its head): on the server,
   * and in the browser hydrating what the server sent. false in the SPA shell (index.html), where
   * the app renders into #root (web/README.md, "Server rendering").
   */
  wholeDocument: boolean;
  /** Where the site lives, for canonical URLs: PUBLIC_URL on the server, the page's origin otherwise. */
  siteUrl: string;
}

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

interface AppRouterOptions {
  queryClient?: QueryClient;
  history?: RouterHistory;
  wholeDocument?: boolean;
  siteUrl?: string;
  /** On the server: no session listener (a server render never holds a session). */
  server?: boolean;
}

/**
 * Builds the router with its query client. This is also the one place that reacts to a
 * signed-in call the server refused: forget the session and every private cache entry, go home,
 * say why (one toast even when several calls fail together).
 */
export function createAppRouter({ queryClient = createQueryClient(), history, wholeDocument = false, siteUrl = globalThis.location?.origin ?? 'http://localhost', server = false }: AppRouterOptions = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient, wholeDocument, siteUrl },
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Spinner />,
  });
  // A rendered page carries the queries its loaders filled (TanStack Query's dehydrated state), and
  // the browser takes them back before hydrating, so it asks for none of them again. It also puts
  // the router inside the query client's provider.
  if (wholeDocument) {
    setupRouterSsrQueryIntegration({ router, queryClient });
    if (!server) countHydratedDataAsNew(router, queryClient);
  }
  if (!server) {
    setUnauthorizedListener(() => {
      switchSession(queryClient, null);
      // The words load on first use, like the toasts (docs/storefront.md, "First-load JavaScript").
      void import('./lib/messages.ts').then(({ messages }) => notify.error(messages.sessionExpired, 'session-expired'));
      void router.navigate({ to: '/' });
    });
  }
  return { router, queryClient };
}

/**
 * The server keeps a rendered page only while the catalogue's version holds (docs/storefront.md,
 * "Caching"), so the data a page carries is true when it arrives, however long ago it was
 * rendered: it counts as fetched now, or every page served from that cache more than staleTime
 * after its render would ask for its own data again as soon as it hydrated.
 */
function countHydratedDataAsNew(router: Pick<AnyRouter, 'options'>, queryClient: QueryClient) {
  const hydrateQueries = router.options.hydrate;
  router.options.hydrate = async (dehydrated) => {
    const arrived = Date.now();
    await hydrateQueries?.(dehydrated);
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < arrived) query.setState({ dataUpdatedAt: arrived });
    }
  };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}
