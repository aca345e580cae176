import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { useEffect, useState } from 'react';
import { createAppRouter } from './router.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { greetAfterGoogleSignIn } from './features/auth/google-greeting.ts';

/** The whole SPA; tests render it with a memory history and a query client they can look into. */
export function App({ history, queryClient: given }: { history?: RouterHistory; queryClient?: QueryClient }) {
  const [{ router, queryClient }] = useState(() => createAppRouter({ history, ...(given && { queryClient: given }) }));
  // Here, not in a page: a parent's effect runs after the Toaster's, so the toast is not lost.
  useEffect(greetAfterGoogleSignIn, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}

/**
 * The browser's side of a page the server rendered: the same router and queries, taken back from
 * the page (RouterClient) before React hydrates the document. The router wraps itself in the query
 * client's provider (router.tsx); the root route renders the Toaster. The router is made once,
 * outside React: hydration suspends while the route code loads, and React may then build this
 * component afresh, which must not mean a second router that was never hydrated.
 */
export function HydratedApp({ router }: { router: ReturnType<typeof createAppRouter>['router'] }) {
  useEffect(greetAfterGoogleSignIn, []);
  return <RouterClient router={router} />;
}
