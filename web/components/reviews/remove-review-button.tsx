import { labels } from '../../lib/labels.ts';
import type { ReviewDto } from '#http/dto.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useRemoveReview } from './api.ts';

/** An admin's Remove on a review (home card or Manage Reviews row), behind an "Are you sure?". */
export default function RemoveReviewButton({ review }: { review: ReviewDto }) {
  const remove = useRemoveReview(review);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" className="px-3 py-1.5" disabled={remove.isPending} aria-label={`Remove the review by ${review.name}`}>
          Remove
        </Button>
      }
      description={`The review by ${review.name} will be removed from the site.`}
      confirmLabel={labels.yesDelete}
      onConfirm={() => remove.mutate()}
    />
  );
}
