import { createFileRoute } from '@tanstack/react-router';
import { AddProductPage } from '../../../../features/catalog-admin/add-product-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/addProduct')({ component: AddProductPage });
