import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/** The not-found image page; the illustration is inline so it costs no request. */
export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you asked for does not exist on Bulkhead.');
  useNoIndex();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <svg role="img" aria-labelledby="not-found-art" viewBox="0 0 240 160" className="w-72 max-w-full">
        <title id="not-found-art">A broken wrench next to a question mark</title>
        <rect x="0" y="130" width="240" height="8" rx="4" fill="#cbd5e1" />
        <g transform="rotate(-20 90 90)">
          <rect x="40" y="82" width="70" height="14" rx="7" fill="#334155" />
          <path d="M30 70a22 22 0 1 0 18 36l-10-10 6-14z" fill="#475569" />
        </g>
        <g transform="rotate(25 150 100)">
          <rect x="125" y="96" width="55" height="14" rx="7" fill="#334155" />
        </g>
        <text x="185" y="70" fontSize="64" fontWeight="800" fill="#f59e0b" fontFamily="sans-serif">?</text>
      </svg>
      <h1 className="mt-6 text-3xl font-extrabold text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-700">This page does not exist or has moved. Our tools are all still on the shelves.</p>
      <Link to="/" className={buttonClass('secondary', 'mt-6')}>
        Back to home
      </Link>
    </section>
  );
}

/**
 * A rendered page says 404 and noindex itself (the root route's head()); in the SPA shell, and
 * after a client-side navigation to an unknown path, the page tells search engines not to index
 * it while it is shown; the tag goes away on the next route.
 */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
