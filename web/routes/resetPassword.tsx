import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../features/pages/page-shell.tsx';

export const Route = createFileRoute('/resetPassword')({
  component: () => <PageShell level={1} title="Reset Password" description="Enter the e-mail address of your account and we will send you a single-use link to choose a new password." />,
});
