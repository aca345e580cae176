import { preload } from '../../../../lib/queries.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AllUsersPage } from '../../../../features/admin/all-users-page.tsx';
import { adminUsersQuery } from '../../../../features/admin/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/allUsers')({
  loader: ({ context }) => preload(context.queryClient.ensureInfiniteQueryData(adminUsersQuery)),
  component: AllUsersPage });
