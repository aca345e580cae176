import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { ReviewRepository } from './content-repository.ts';
import { RATING_MAX, RATING_MIN, type Review } from './review.ts';

export type PostReviewPorts = { store: { reviews: Pick<ReviewRepository, 'create'> }; clock: Clock; ids: IdGenerator };
export type RemoveReviewPorts = { store: { reviews: Pick<ReviewRepository, 'delete'> }; clock: Clock };

export const MAX_COUNTRY = 80;
export const MAX_COMMENT = 2000;

export interface ReviewInput {
  country: string;
  rating: number;
  comment: string;
  imageUrl: string;
}

/** Customers review the shop; the name and date come from the account and the clock, not the form. */
export const postReview = async (
  { store, clock, ids }: PostReviewPorts,
  { author, review: input }: { author: User; review: ReviewInput },
): Promise<Result<Review, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED'>>> => {
  if (isAdmin(author)) return fail(forbidden());
  const fields: Record<string, string> = {};
  const country = input.country.trim();
  const comment = input.comment.trim();
  if (country === '') fields.country = messages.countryRequired;
  else if (country.length > MAX_COUNTRY) fields.country = messages.tooLong(MAX_COUNTRY);
  if (comment === '') fields.comment = messages.commentRequired;
  else if (comment.length > MAX_COMMENT) fields.comment = messages.tooLong(MAX_COMMENT);
  if (!Number.isInteger(input.rating) || input.rating < RATING_MIN || input.rating > RATING_MAX) {
    fields.rating = messages.ratingRange;
  }
  if (input.imageUrl.trim() === '') fields.imageUrl = messages.imageMissing;
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  return ok(
    await store.reviews.create({
      id: ids.newId(),
      userId: author.id,
      name: author.name,
      imageUrl: input.imageUrl.trim(),
      country,
      rating: input.rating,
      comment,
      createdAt: clock.now(),
    }),
  );
};

export const removeReview = async (
  { store, clock }: RemoveReviewPorts,
  { actor, id }: { actor: User; id: string },
): Promise<Result<null, ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const note = auditNote(actor, clock.now(), { kind: 'review-removed', subjectId: id, summary: 'Removed a review' });
  return (await store.reviews.delete(id, note)) ? ok(null) : fail(notFound());
};
