import { Button } from './button.tsx';

/** The part of an infinite query a list footer needs (useInfiniteQuery's result fits). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Showing 24 products' (or '… (all of them)'), then 'Load more' while there is a next page. */
export function LoadMoreFooter({ shown, noun, pages }: { shown: number; noun: string; pages: Pages }) {
  return (
    <>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        Showing {shown} {noun}
        {shown === 1 ? '' : 's'}
        {pages.hasNextPage ? '' : ' (all of them)'}
      </p>
      {pages.hasNextPage ? (
        <Button variant="secondary" className="mt-3" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
