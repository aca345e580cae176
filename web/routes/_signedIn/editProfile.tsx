import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../features/pages/page-shell.tsx';

export const Route = createFileRoute('/_signedIn/editProfile')({
  component: () => <PageShell level={1} title="Edit Profile" description="Update your address, phone number, education, LinkedIn and Facebook links and your photo. Your name and e-mail stay as they are." />,
});
