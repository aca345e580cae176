import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../../features/pages/page-shell.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/review')({
  component: () => <PageShell level={2} title="Add Review" description="Tell other buyers about Bulkhead: your country, a rating from 1 to 5 stars, a comment and a photo. Your name and the date come from your account." />,
});
