import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../../features/pages/page-shell.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/myProfile')({
  component: () => <PageShell level={2} title="My Profile" description="Your photo, name, e-mail, address, phone, education and social links, with a link to edit them." />,
});
