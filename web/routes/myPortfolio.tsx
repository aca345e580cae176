import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../features/pages/page-shell.tsx';

export const Route = createFileRoute('/myPortfolio')({
  component: () => <PageShell level={1} title="My Portfolio" description="The shop owner's page: who runs Bulkhead, their education, skills and links to sample projects." />,
});
