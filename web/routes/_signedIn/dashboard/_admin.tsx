import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQuery } from '../../../lib/queries.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

/**
 * Admin-only pages. The role is read from the server (at most 5 s old), so a demoted admin is
 * turned away here (the server refuses the admin calls anyway); before turning anyone away it is
 * read once more, so someone made admin a moment ago gets in without signing in again.
 */
export const Route = createFileRoute('/_signedIn/dashboard/_admin')({
  beforeLoad: async ({ context }) => {
    const isAdmin = async (staleTime: number) =>
      (await context.queryClient.fetchQuery({ ...sessionQuery, staleTime }))?.user.role === 'admin';
    if (!(await isAdmin(5_000)) && !(await isAdmin(0))) throw redirect({ to: '/' });
  },
  pendingMs: 0,
  pendingComponent: () => <Spinner label="Checking your access" />,
  component: Outlet,
});
