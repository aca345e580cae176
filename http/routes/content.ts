import { Hono, type Context } from 'hono';
import { sendContactMessage, subscribeToNewsletter } from '#domain/content/inbox.ts';
import { postReview, removeReview } from '#domain/content/manage-reviews.ts';
import { pageRequest } from '#domain/shared/page.ts';
import { createAttemptCounter } from '../middleware/attempt-counters.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { clientKey, limitEveryAttempt } from '../middleware/rate-limit.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { invalid } from '#domain/shared/errors.ts';
import { messages } from '#domain/messages.ts';
import { problem } from '../problem.ts';
import { contactSchema, idParamSchema, listQuerySchema, newsletterSchema, reviewSchema } from '../schemas.ts';
import { toContactMessageDto, toListDto, toReviewDto, toSubscriberDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { contactMessageDto, pageOf, reviewDto, subscriberDto } from '../response-schemas.ts';

/** Public content: reviews (customers post, admins remove), the newsletter box and the contact form. */
export const contentRoutes = (ports: AppPorts, settings: HttpSettings) => {
  const hourly = (name: string) =>
    createAttemptCounter(settings.counterStore, name, { limit: settings.contentRateLimit, windowMs: 60 * 60 * 1000 });
  const byAddress = (c: Context<AppEnv>) => clientKey(c, settings.trustProxy);
  const perAccountReviews = limitEveryAttempt(hourly('reviews'), (c) => c.get('user').id);
  const perAddressNewsletter = limitEveryAttempt(hourly('newsletter'), byAddress);
  const perAddressContact = limitEveryAttempt(hourly('contact'), byAddress);
  return new Hono<AppEnv>()
    .get('/reviews', validate('query', listQuerySchema), documented({
      summary: 'Shop reviews',
      description:
        'Public; changes nothing. The reviews customers wrote about the shop, a page at a time.',
    }), responds(200, pageOf(reviewDto)), async (c) => {
      return c.json(toListDto(await ports.store.reviews.list(pageRequest(c.req.valid('query'))), toReviewDto), 200);
    })
    // The name and date come from the account and the clock, never from the form.
    .post('/reviews', requireUser(ports), perAccountReviews, jsonBody, validate('json', reviewSchema), documented({
      summary: 'Review the shop',
      description:
        'Signed-in customers; an admin gets 403 `FORBIDDEN`. The name and date come from the account and the clock, never from the form; `imageUrl` must be an image this shop serves. 201 with the review. 400 `VALIDATION_FAILED` (country, comment, image), 429 `RATE_LIMITED` (reviews per account per hour).',
    }), responds(201, reviewDto), async (c) => {
      const review = c.req.valid('json');
      // Only pictures the shop serves: an off-site URL would be a tracking pixel on every visitor's page.
      if (!ports.images.serves(review.imageUrl)) return problem(c, invalid({ imageUrl: messages.imageNotServedHere }));
      const posted = await postReview(ports, { author: c.get('user'), review });
      return posted.ok ? c.json(toReviewDto(posted.value), 201) : problem(c, posted.error);
    })
    .delete('/reviews/:id', requireUser(ports), requireAdmin, validate('param', idParamSchema), documented({
      summary: 'Remove a review',
      description:
        'Admins. Deletes the review and records it, as it was, in the audit log. 204. 404 `NOT_FOUND` for a review already gone.',
    }), responds(204), async (c) => {
      const removed = await removeReview(ports, { actor: c.get('user'), id: c.req.valid('param').id });
      return removed.ok ? c.body(null, 204) : problem(c, removed.error);
    })
    .post('/newsletter', perAddressNewsletter, jsonBody, validate('json', newsletterSchema), documented({
      summary: 'Subscribe to the newsletter',
      description:
        'Public. Adds the e-mail to the subscribers; subscribing again is fine and keeps the first subscription. 201 with the subscription. 400 `VALIDATION_FAILED` on `email`; 429 `RATE_LIMITED` (per IP address per hour).',
    }), responds(201, subscriberDto), async (c) => {
      const subscribed = await subscribeToNewsletter(ports, c.req.valid('json'));
      return subscribed.ok ? c.json(toSubscriberDto(subscribed.value), 201) : problem(c, subscribed.error);
    })
    .post('/contact', perAddressContact, jsonBody, validate('json', contactSchema), documented({
      summary: 'Write to the shop',
      description:
        "Public. Stores the message in the admins' inbox. 201 with the message. 400 `VALIDATION_FAILED` (name, e-mail, a message of at most 5,000 characters); 429 `RATE_LIMITED` (per IP address per hour).",
    }), responds(201, contactMessageDto), async (c) => {
      const sent = await sendContactMessage(ports, c.req.valid('json'));
      return sent.ok ? c.json(toContactMessageDto(sent.value), 201) : problem(c, sent.error);
    });
};
