import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/cart-page.tsx';

/** Open to visitors too: their cart lives in this browser until they sign in (docs/orders.md, "Orders, cart, quick order"). */
export const Route = createFileRoute('/cart')({
  component: CartPage,
});
