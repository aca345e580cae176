import type { ReactNode } from 'react';
import { LoadEarlierHeader, LoadMoreFooter, type Pages } from './load-more.tsx';
import { Spinner } from './spinner.tsx';

/** An infinite query of `{ items }` pages (lib/queries.ts), as the list's states need it. */
interface PagedQuery<T> extends Pages {
  isPending: boolean;
  isError: boolean;
  data?: { pages: { items: T[] }[] } | undefined;
}

/**
 * Every list the dashboard reads page by page shows the same states: a spinner while the first
 * page loads, an alert when it cannot, its own words when there is nothing, and otherwise the
 * rows between "Show earlier …" and the count with "Load more".
 */
export function PagedList<T>({
  pages,
  noun,
  failed,
  empty,
  children,
}: {
  pages: PagedQuery<T>;
  /** One row's name, for the buttons and the count ("order" → "Showing 3 orders"). */
  noun: string;
  /** What the alert says when the list cannot be loaded. */
  failed: string;
  /** What stands in the list's place when it has no rows. */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (pages.isPending) return <Spinner label={`Loading ${noun}s`} />;
  if (pages.isError) return <p role="alert">{failed}</p>;
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-800">{empty}</p>;
  return (
    <>
      <LoadEarlierHeader noun={noun} pages={pages} />
      {children(items)}
      <LoadMoreFooter shown={items.length} noun={noun} pages={pages} />
    </>
  );
}
