import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { messages } from './lib/messages.ts';
import { setUnauthorizedListener } from './lib/api.ts';
import { switchSession } from './lib/queries.ts';
import { notify } from './components/ui/toaster.tsx';
import { Spinner } from './components/ui/spinner.tsx';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * Builds the router with its query client. This is also the one place that reacts to a
 * signed-in call the server refused: forget the session and every private cache entry, go home,
 * say why (one toast even when several calls fail together).
 */
export function createAppRouter({ queryClient = createQueryClient(), history }: { queryClient?: QueryClient; history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Spinner />,
  });
  setUnauthorizedListener(() => {
    switchSession(queryClient, null);
    notify.error(messages.sessionExpired, 'session-expired');
    void router.navigate({ to: '/' });
  });
  return { router, queryClient };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}
