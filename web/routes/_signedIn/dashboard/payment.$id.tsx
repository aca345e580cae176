import { createFileRoute } from '@tanstack/react-router';
import { orderQuery } from '../../../features/payment/api.ts';
import { PaymentPage } from '../../../features/payment/payment-page.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/payment/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(orderQuery(params.id)),
  errorComponent: QueryError,
  component: function PaymentRoute() {
    return <PaymentPage orderId={Route.useParams().id} />;
  },
});
