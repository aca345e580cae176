import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../../../lib/queries.ts';
import { PaymentsToRefundPage } from '../../../../features/admin/payments-to-refund-page.tsx';
import { paymentsToRefundQuery } from '../../../../features/admin/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/paymentsToRefund')({
  loader: ({ context }) => preload(context.queryClient.ensureInfiniteQueryData(paymentsToRefundQuery)),
  component: PaymentsToRefundPage,
});
