import { createFileRoute } from '@tanstack/react-router';
import { productQuery } from '../features/products/api.ts';
import { ProductPage } from '../features/products/product-page.tsx';
import { QueryError } from '../components/ui/query-error.tsx';

export const Route = createFileRoute('/product/$productId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(productQuery(params.productId)),
  errorComponent: QueryError,
  component: function ProductRoute() {
    return <ProductPage productId={Route.useParams().productId} />;
  },
});
