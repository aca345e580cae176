import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../../features/admin/messages-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/messages')({ component: MessagesPage });
