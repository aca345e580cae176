import { useInfiniteQuery } from '@tanstack/react-query';
import { labels } from '../../lib/labels.ts';
import type { ReviewDto } from '#http/dto.ts';
import { allReviewsQuery } from './api.ts';
import { formatDate } from '../../lib/format.ts';
import { thumbnailImage } from '../../lib/image-sizes.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import RemoveReviewButton from '../../components/reviews/remove-review-button.tsx';
import { ReviewStars } from '../../components/ui/review-stars.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

const reviewColumns: Column<ReviewDto>[] = [
  {
    header: 'Photo',
    cell: (review) => <img src={thumbnailImage(review.imageUrl)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full bg-slate-200 object-cover" />,
  },
  { header: 'Name', role: 'title', className: 'font-semibold', cell: (review) => review.name },
  { header: 'Country', cell: (review) => review.country },
  { header: 'Rating', cell: (review) => <ReviewStars rating={review.rating} /> },
  { header: 'Comment', className: 'min-w-64 whitespace-pre-line max-sm:min-w-0', cell: (review) => review.comment },
  { header: 'Date', className: 'whitespace-nowrap', cell: (review) => <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time> },
  { header: 'Remove', role: 'actions', cell: (review) => <RemoveReviewButton review={review} /> },
];

/**
 * Manage Reviews (admin): every review, newest first, loaded 100 at a time, each with Remove.
 * Remove invalidates every ['reviews', …] query, so this list and the home page's both refresh.
 */
export function AllReviewsPage() {
  usePageMeta(labels.manageReviews, 'Read and remove the reviews customers posted on Bulkhead.');
  const reviews = useInfiniteQuery(allReviewsQuery);
  return (
    <DashboardSection id="manage-reviews" title={labels.manageReviews}>
      <PagedList pages={reviews} noun="review" failed="We could not load the reviews. Please try again." empty="No reviews yet.">
        {(items) => <DataTable caption={labels.manageReviews} columns={reviewColumns} rows={items} rowKey={(review) => review.id} />}
      </PagedList>
    </DashboardSection>
  );
}
