import { HttpResponse } from 'msw';

/**
 * An msw resolver for a `{items, nextCursor}` list served through the cursor like the real API:
 * `pageSize` rows a page whatever `limit` asks (the server may answer fewer), the cursor being the
 * next row's index. `rows()` is read on every request, so a test can change the list between
 * them; every requested `limit` is recorded in `askedLimits`.
 */
export const pagedList = <T>(rows: () => T[], pageSize: number) => {
  const askedLimits: string[] = [];
  const resolver = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    askedLimits.push(url.searchParams.get('limit') ?? '');
    const all = rows();
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = start + pageSize;
    return HttpResponse.json({ items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null });
  };
  return { resolver, askedLimits };
};
