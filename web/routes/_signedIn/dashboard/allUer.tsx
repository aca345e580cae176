import { createFileRoute, redirect } from '@tanstack/react-router';

/** The old misspelt path keeps working and lands on the canonical one. */
export const Route = createFileRoute('/_signedIn/dashboard/allUer')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/allUsers', replace: true });
  },
});
