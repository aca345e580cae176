import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { CartLink } from '../cart/cart-link.tsx';
import { Logo } from './logo.tsx';
import { SearchBox } from './search-box.tsx';

// Visitors never open the account menu: its radix menu code loads only for signed-in users.
const AccountMenu = lazy(() => import('./account-menu.tsx'));

const linkClass =
  'whitespace-nowrap rounded px-3 py-2 text-sm font-medium text-slate-200 hover:text-amber-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 [&.active]:text-amber-300';

function NavLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  return (
    <>
      <Link to="/" className={linkClass} activeOptions={{ exact: true }} onClick={onNavigate}>
        Home
      </Link>
      <Link to="/allProduct" className={linkClass} onClick={onNavigate}>
        All Product
      </Link>
      <Link to="/blogs" className={linkClass} onClick={onNavigate}>
        Blogs
      </Link>
      {signedIn ? (
        <Link to="/dashboard" className={linkClass} onClick={onNavigate}>
          Dashboard
        </Link>
      ) : null}
      <Link to="/myPortfolio" className={linkClass} onClick={onNavigate}>
        My Portfolio
      </Link>
    </>
  );
}

export function Navbar() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu and gives focus back to its button, as a menu button should.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const signedIn = Boolean(session);
  // Login and Sign Up bring the visitor back to the page they were on (not the home page), as the
  // cart's and a product's own login links do; the auth pages and home need no way back.
  const here = useRouterState({ select: (state) => state.location.href });
  const back = here === '/' || here.startsWith('/login') || here.startsWith('/signUp') ? undefined : here;
  return (
    <header className="sticky top-0 z-30 bg-slate-950 shadow">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 md:flex-nowrap">
        <Logo />
        <div className="hidden items-center gap-1 lg:flex">
          <NavLinks signedIn={signedIn} />
        </div>
        {/* One box on every page: its own full row under the bar on phones, inline from md. */}
        <SearchBox className="order-last w-full md:order-none md:w-auto md:max-w-xs md:flex-1" />
        {/* Below 640 px the cart, login and menu take a row of their own from the first paint: the
            cart and the signed-out links arrive after hydration and did not fit beside the logo,
            so the bar grew from two rows to three and pushed the page down (layout shift).
            Right-aligned, what arrives on the left moves nothing. */}
        <div className="flex min-h-10 basis-full items-center justify-end gap-2 sm:basis-auto">
          <CartLink className={linkClass} />
          {session === null ? (
            <>
              <Link to="/login" search={{ redirect: back }} className={linkClass}>
                Login
              </Link>
              <Link
                to="/signUp"
                search={{ redirect: back }}
                className="rounded-md bg-amber-400 px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-950 hover:bg-amber-300 focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 focus-visible:outline-none"
              >
                Sign Up
              </Link>
            </>
          ) : session ? (
            <Suspense fallback={<span className="h-10 w-10 rounded-full bg-slate-700" aria-hidden="true" />}>
              <AccountMenu session={session} />
            </Suspense>
          ) : (
            // Still asking the server: hold the corner so the links do not jump when it answers.
            <span className="h-9 w-36" aria-hidden="true" />
          )}
          <button
            ref={toggle}
            type="button"
            className="rounded p-2 text-slate-200 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none noscript:hidden lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" stroke="currentColor" strokeWidth="2" fill="none">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {/* Without JavaScript the menu button cannot open (it is hidden then): a phone gets the links under the bar. */}
      <noscript>
        <div className="flex flex-wrap gap-1 border-t border-slate-800 px-4 pb-2 lg:hidden">
          <NavLinks signedIn={false} />
        </div>
      </noscript>
      {open ? (
        <div id="mobile-menu" className="flex flex-col gap-1 border-t border-slate-800 px-4 pb-4 lg:hidden">
          <NavLinks signedIn={signedIn} onNavigate={() => setOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}
