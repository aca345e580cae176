import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ReviewDto } from '#http/dto.ts';
import { latestReviewsQuery } from './api.ts';
import { formatDateUtc, truncate } from '../../lib/format.ts';
import { isAdmin, useSession } from '../../lib/session.ts';
import { thumbnailImage } from '../../lib/image-sizes.ts';
import { ReviewStars } from '../../components/ui/review-stars.tsx';

// Only admins see Remove; visitors never download the dialog and its mutation.
const RemoveReviewButton = lazy(() => import('../../components/reviews/remove-review-button.tsx'));

/** The first 120 characters, and the rest on request: a long review stays readable in full. */
function ReviewComment({ comment }: { comment: string }) {
  const [open, setOpen] = useState(false);
  if (comment.length <= 120) return <p className="text-slate-700">{comment}</p>;
  return (
    <div>
      <p className="whitespace-pre-line text-slate-700">{open ? comment : truncate(comment, 120)}</p>
      <button type="button" className="mt-1 text-sm font-semibold text-slate-900 underline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Read the whole review'}
      </button>
    </div>
  );
}

function ReviewCard({ review, admin }: { review: ReviewDto; admin: boolean }) {
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <img src={thumbnailImage(review.imageUrl)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full bg-slate-200 object-cover" />
        <div>
          <h3 className="font-bold text-slate-900">{review.name}</h3>
          <p className="text-sm text-slate-600">{review.country}</p>
        </div>
      </div>
      <ReviewStars rating={review.rating} />
      <ReviewComment comment={review.comment} />
      <div className="mt-auto flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          <time dateTime={review.createdAt}>{formatDateUtc(review.createdAt)}</time>
        </p>
        {admin ? (
          <Suspense fallback={null}>
            <RemoveReviewButton review={review} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}

export function LatestReviews() {
  const reviews = useQuery(latestReviewsQuery);
  const admin = isAdmin(useSession());
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="reviews-heading" className="mb-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">
        What Our Customers Say
      </h2>
      {reviews.data?.items.length === 0 ? (
        <p className="text-slate-700">No reviews yet.</p>
      ) : reviews.data ? (
        <div className="grid gap-6 md:grid-cols-3">
          {reviews.data.items.map((review) => (
            <ReviewCard key={review.id} review={review} admin={admin} />
          ))}
        </div>
      ) : reviews.isError ? (
        <p role="alert">We could not load the reviews.</p>
      ) : null}
    </section>
  );
}
