import { preload } from '../../../../lib/queries.ts';
import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../../features/admin/messages-page.tsx';
import { adminMessagesQuery, adminSubscribersQuery } from '../../../../features/admin/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/messages')({
  loader: ({ context }) =>
    preload(Promise.all([context.queryClient.ensureInfiniteQueryData(adminMessagesQuery), context.queryClient.ensureInfiniteQueryData(adminSubscribersQuery)])),
  component: MessagesPage });
