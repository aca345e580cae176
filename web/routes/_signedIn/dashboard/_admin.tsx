import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQuery } from '../../../lib/queries.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

/**
 * Admin-only pages. The role is read fresh from the server, not from the cache, so a demoted
 * admin is turned away here (the server refuses the admin calls anyway).
 */
export const Route = createFileRoute('/_signedIn/dashboard/_admin')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.fetchQuery({ ...sessionQuery, staleTime: 5_000 });
    if (session?.user.role !== 'admin') throw redirect({ to: '/' });
  },
  pendingMs: 0,
  pendingComponent: () => <Spinner label="Checking your access" />,
  component: Outlet,
});
