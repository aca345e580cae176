/**
 * Manage All Orders' choices as URL search params, so an overview tile can link to "unpaid" and
 * the Back button restores a search. Anything the URL holds that is not a valid choice is dropped
 * rather than refused, as in the catalogue.
 */
import { z } from 'zod';
import { labels } from '../../lib/labels.ts';

export const ORDER_STATUS_FILTERS = ['unpaid', 'pending', 'shipped', 'cancelled'] as const;

export const STATUS_FILTER_LABELS: Record<(typeof ORDER_STATUS_FILTERS)[number], string> = {
  unpaid: 'Unpaid',
  pending: labels.orderPending,
  shipped: labels.shipped,
  cancelled: labels.orderCancelled,
};

export const ordersSearchSchema = z.object({
  status: z.enum(ORDER_STATUS_FILTERS).optional().catch(undefined),
  // The API's longest search key is an e-mail address (254 characters).
  q: z.string().trim().min(1).max(254).optional().catch(undefined),
});

export type OrdersSearch = z.infer<typeof ordersSearchSchema>;
