import { createFileRoute } from '@tanstack/react-router';
import { ImportCataloguePage } from '../../../../features/catalog-admin/import-catalogue-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/importProducts')({
  component: ImportCataloguePage,
});
