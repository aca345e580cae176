import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../../features/dashboard/dashboard-layout.tsx';

export const Route = createFileRoute('/_signedIn/dashboard')({ component: DashboardLayout });
