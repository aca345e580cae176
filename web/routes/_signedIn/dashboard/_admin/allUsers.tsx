import { createFileRoute } from '@tanstack/react-router';
import { AllUsersPage } from '../../../../features/admin/all-users-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/allUsers')({ component: AllUsersPage });
