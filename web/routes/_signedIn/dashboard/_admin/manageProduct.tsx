import { createFileRoute } from '@tanstack/react-router';
import { ManageProductsPage } from '../../../../features/catalog-admin/manage-products-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/manageProduct')({ component: ManageProductsPage });
