import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../../../features/pages/page-shell.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/manageProduct')({
  component: () => <PageShell level={2} title="Manage Products" description="Every product with its image, name, price and quantity, with links to edit it and a button to delete it." />,
});
