/**
 * Manage All Orders' choices as URL search params, so an overview tile can link to "unpaid" and
 * the Back button restores a search. Anything the URL holds that is not a valid choice is dropped
 * rather than refused, as in the catalogue.
 */
import { oneOf, searchChoices, text } from '../../lib/search-choices.ts';
import { labels } from '../../lib/labels.ts';

export const ORDER_STATUS_FILTERS = ['unpaid', 'pending', 'shipped', 'cancelled'] as const;

export const STATUS_FILTER_LABELS: Record<(typeof ORDER_STATUS_FILTERS)[number], string> = {
  unpaid: 'Unpaid',
  pending: labels.orderPending,
  shipped: labels.shipped,
  cancelled: labels.orderCancelled,
};

export const ordersSearchSchema = searchChoices({
  status: oneOf(ORDER_STATUS_FILTERS),
  // The API's longest search key is an e-mail address (254 characters).
  q: text({ min: 1, max: 254 }),
});

export type OrdersSearch = ReturnType<typeof ordersSearchSchema>;
