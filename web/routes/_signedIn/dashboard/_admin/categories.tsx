import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../../../features/catalog-admin/categories-page.tsx';
import { categoryTreeQuery, preload } from '../../../../lib/queries.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/categories')({
  loader: ({ context }) => preload(context.queryClient.ensureQueryData(categoryTreeQuery)),
  component: CategoriesPage,
});
