import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../../../features/pages/page-shell.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/addProduct')({
  component: () => <PageShell level={2} title="Add Product" description="Add a product to the catalogue: name, price, available quantity, description and an image (SVG, PNG, JPG or GIF, under 1 MB)." />,
});
