import { Button } from './button.tsx';

/** The part of an infinite query a list's ends need (useInfiniteQuery's result fits). */
export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchPreviousPage: () => Promise<unknown>;
}

/**
 * Above a list whose oldest loaded pages were let go (lib/queries.ts, MAX_LOADED_PAGES): a button
 * that brings the page before back. Nothing while the list starts at its first row.
 */
export function LoadEarlierHeader({ noun, pages }: { noun: string; pages: Pages }) {
  if (!pages.hasPreviousPage) return null;
  return (
    <Button variant="secondary" className="mb-3" onClick={() => void pages.fetchPreviousPage()} disabled={pages.isFetchingPreviousPage}>
      {pages.isFetchingPreviousPage ? 'Loading…' : `Show earlier ${noun}s`}
    </Button>
  );
}

/** 'Showing 24 products' (or '… (all of them)'), then 'Load more' while there is a next page. */
export function LoadMoreFooter({ shown, noun, pages }: { shown: number; noun: string; pages: Pages }) {
  const whole = !pages.hasNextPage && !pages.hasPreviousPage;
  return (
    <>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        Showing {shown} {noun}
        {shown === 1 ? '' : 's'}
        {whole ? ' (all of them)' : pages.hasNextPage ? '' : ' (the last ones)'}
      </p>
      {pages.hasNextPage ? (
        <Button variant="secondary" className="mt-3" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
