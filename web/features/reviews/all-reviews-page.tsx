import { useInfiniteQuery } from '@tanstack/react-query';
import { labels } from '#domain/messages.ts';
import { allReviewsQuery } from '../../lib/queries.ts';
import { formatDate } from '../../lib/format.ts';
import { thumbnailImage } from '../../lib/image-sizes.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LoadMoreFooter } from '../../components/ui/load-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import RemoveReviewButton from './remove-review-button.tsx';
import { ReviewStars } from './review-stars.tsx';

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';

/**
 * Manage Reviews (admin): every review, newest first, loaded 100 at a time, each with Remove.
 * Remove invalidates every ['reviews', …] query, so this list and the home page's both refresh.
 */
export function AllReviewsPage() {
  usePageMeta(labels.manageReviews, 'Read and remove the reviews customers posted on Bulkhead.');
  const reviews = useInfiniteQuery(allReviewsQuery);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="manage-reviews-heading">
      <h2 id="manage-reviews-heading" className="mb-4 text-xl font-bold text-slate-900">
        {labels.manageReviews}
      </h2>
      {reviews.isPending ? (
        <Spinner label="Loading reviews" />
      ) : reviews.isError ? (
        <p role="alert">We could not load the reviews. Please try again.</p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">No reviews yet.</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-100">
                <tr>
                  <th className={th}>Photo</th>
                  <th className={th}>Name</th>
                  <th className={th}>Country</th>
                  <th className={th}>Rating</th>
                  <th className={th}>Comment</th>
                  <th className={th}>Date</th>
                  <th className={th}>Remove</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((review) => (
                  <tr key={review.id}>
                    <td className={td}>
                      <img src={thumbnailImage(review.imageUrl)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full bg-slate-200 object-cover" />
                    </td>
                    <td className={`${td} font-semibold`}>{review.name}</td>
                    <td className={td}>{review.country}</td>
                    <td className={td}>
                      <ReviewStars rating={review.rating} />
                    </td>
                    <td className={`${td} min-w-64 whitespace-pre-line`}>{review.comment}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                    </td>
                    <td className={td}>
                      <RemoveReviewButton review={review} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreFooter shown={items.length} noun="review" pages={reviews} />
        </>
      )}
    </section>
  );
}
