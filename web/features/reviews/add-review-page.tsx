import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import { reviewSchema } from '#http/schemas.ts';
import { usePostReview } from './api.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { checkOnChangeBlurSubmit, fieldError, validateWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { checkImage, SaveButton, useSaveWithImage } from '../../components/forms/form-controls.tsx';
import { StarRatingInput } from './star-rating-input.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

/** The API calls the uploaded photo `imageUrl`; the form calls its file `image`. */
const SERVER_FIELDS = { imageUrl: 'image' };

/**
 * Add Review (customers): the name and date shown read-only come from the account and the
 * server's clock, never from the form. After saving, the review leads the home page.
 */
export function AddReviewPage() {
  usePageMeta(labels.addReview, 'Tell other buyers about Bulkhead: your country, a star rating, a comment and a photo.');
  const session = useSession();
  const navigate = useNavigate();
  const postReview = usePostReview();
  const { phase, save } = useSaveWithImage();
  const [today] = useState(() => formatDate(new Date().toISOString()));
  const form = useAppForm({
    defaultValues: { country: '', rating: 5, comment: '', image: null as File | null },
    onSubmit: async ({ value, formApi }) => {
      try {
        // The form requires the photo (checkImage), so the URL is there.
        await save(value.image, (imageUrl) =>
          postReview.mutateAsync({ country: value.country.trim(), rating: value.rating, comment: value.comment.trim(), imageUrl: imageUrl ?? '' }),
        );
        notify.success(webMessages.reviewThanks);
        await navigate({ to: '/' });
      } catch (error) {
        showRefusal(formApi, error, { rename: SERVER_FIELDS, fallback: webMessages.reviewFailed });
      }
    },
  });

  return (
    <DashboardSection id="add-review" title={labels.addReview}>
      <form
        noValidate
        aria-label={labels.addReview}
        aria-busy={phase !== 'idle'}
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-5"
        onSubmit={submitWithoutReload(form)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="review-name" label="Name">
            {(control) => <Input {...control} readOnly value={session?.user.name ?? ''} className="bg-slate-100" />}
          </Field>
          <Field id="review-date" label="Date">
            {(control) => <Input {...control} readOnly value={today} className="bg-slate-100" />}
          </Field>
        </div>
        <form.AppField name="country" validators={checkOnChangeBlurSubmit(validateWith(reviewSchema.shape.country))}>
          {(field) => <field.TextField id="review-country" label="Country" placeholder="Enter your country" />}
        </form.AppField>
        <form.AppField name="rating">
          {(field) => (
            <div className="space-y-1">
              <p id="review-rating-label" className="text-sm font-medium text-slate-800">
                Rating
              </p>
              <StarRatingInput
                labelId="review-rating-label"
                value={field.state.value}
                onChange={(rating) => field.handleChange(rating)}
              />
              {fieldError(field) ? <p className="text-sm font-medium text-red-700">{fieldError(field)}</p> : null}
            </div>
          )}
        </form.AppField>
        <form.AppField name="comment" validators={checkOnChangeBlurSubmit(validateWith(reviewSchema.shape.comment))}>
          {(field) => <field.TextareaField id="review-comment" label="Your comment" placeholder="What was it like to order from us?" />}
        </form.AppField>
        <form.AppField name="image" validators={checkOnChangeBlurSubmit(checkImage(true))}>
          {(field) => <field.ImageField id="review-image" label="Your photo" />}
        </form.AppField>
        <SaveButton phase={phase} label={labels.addReview} />
      </form>
    </DashboardSection>
  );
}
