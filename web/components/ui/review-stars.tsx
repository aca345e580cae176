import { labels } from '../../lib/labels.ts';

/** A review's rating as five stars ("No Rating" for anything outside 1–5). */
export function ReviewStars({ rating }: { rating: number }) {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return <p className="text-sm text-slate-600">{labels.noRating}</p>;
  return (
    <p role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} aria-hidden="true" viewBox="0 0 20 20" className={`h-5 w-5 ${star <= rating ? 'text-amber-500' : 'text-slate-300'}`} fill="currentColor">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </p>
  );
}
