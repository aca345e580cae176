import { preload } from '../../../../lib/queries.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ManageProductsPage } from '../../../../features/catalog-admin/manage-products-page.tsx';
import { manageProductsQuery } from '../../../../features/catalog-admin/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/manageProduct')({
  loader: ({ context }) => preload(context.queryClient.ensureInfiniteQueryData(manageProductsQuery)),
  component: ManageProductsPage });
