import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQuery } from '../lib/queries.ts';

/** Signed-in-only pages: strangers go to /login, which brings them back here afterwards. */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session };
  },
  component: Outlet,
});
