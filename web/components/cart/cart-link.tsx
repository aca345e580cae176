import { Link } from '@tanstack/react-router';
import { useCartActions, useMergeBrowserCartAtSignIn } from '../../lib/cart.ts';

/**
 * The navbar's way to the cart, with how many lines it holds; admins, who do not buy, get none.
 * It also merges a visitor's cart into the account once they sign in (lib/cart.ts), since the
 * navbar is on every page.
 */
export function CartLink({ className }: { className: string }) {
  useMergeBrowserCartAtSignIn();
  const cart = useCartActions();
  if (!cart.ready && !cart.signedIn) return null;
  const count = cart.count;
  return (
    // The name starts with the visible text ("Cart 12") and adds what only a screen reader needs
    // ("lines"): axe's label-content-name-mismatch wants the visible words in the name, in order.
    <Link to="/cart" className={`${className} inline-flex items-center gap-1.5`} aria-label={`Cart ${count} line${count === 1 ? '' : 's'}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" stroke="currentColor" strokeWidth="2" fill="none">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="19" r="1.5" />
        <circle cx="17" cy="19" r="1.5" />
      </svg>
      <span>Cart</span>
      {count > 0 ? <span className="rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-950">{count}</span> : null}
    </Link>
  );
}
