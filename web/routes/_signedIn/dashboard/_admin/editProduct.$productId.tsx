import { createFileRoute } from '@tanstack/react-router';
import { productQuery } from '../../../../features/products/api.ts';
import { EditProductPage } from '../../../../features/products/edit-product-page.tsx';
import { QueryError } from '../../../../components/ui/query-error.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/editProduct/$productId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(productQuery(params.productId)),
  errorComponent: QueryError,
  component: function EditProductRoute() {
    return <EditProductPage productId={Route.useParams().productId} />;
  },
});
