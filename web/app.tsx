import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppRouter } from './router.tsx';
import { Toaster } from './components/ui/toaster.tsx';

/** The whole SPA; tests render it with a memory history. */
export function App({ history }: { history?: RouterHistory }) {
  const [{ router, queryClient }] = useState(() => createAppRouter({ history }));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
