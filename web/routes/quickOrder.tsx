import { createFileRoute } from '@tanstack/react-router';
import { QuickOrderPage } from '../features/cart/quick-order-page.tsx';

/** Open to visitors: reading a list writes nothing, and the good rows go to whichever cart is theirs. */
export const Route = createFileRoute('/quickOrder')({
  component: QuickOrderPage,
});
