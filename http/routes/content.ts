import { Hono } from 'hono';
import { sendContactMessage, subscribeToNewsletter } from '#domain/content/inbox.ts';
import { DEFAULT_PAGE_SIZE } from '#domain/shared/page.ts';
import { jsonBody } from '../middleware/json-body.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { contactSchema, listQuerySchema, newsletterSchema } from '../schemas.ts';
import { toContactMessageDto, toListDto, toReviewDto, toSubscriberDto } from '../serializers.ts';
import { validate } from '../validation.ts';

/** Public content: reviews, the newsletter box and the contact form. */
export const contentRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .get('/reviews', validate('query', listQuerySchema), async (c) => {
      const { limit = DEFAULT_PAGE_SIZE, cursor } = c.req.valid('query');
      return c.json(toListDto(await ports.store.reviews.list({ limit, cursor }), toReviewDto), 200);
    })
    .post('/newsletter', jsonBody, validate('json', newsletterSchema), async (c) => {
      const subscribed = await subscribeToNewsletter(ports, c.req.valid('json'));
      return subscribed.ok ? c.json(toSubscriberDto(subscribed.value), 201) : problem(c, subscribed.error);
    })
    .post('/contact', jsonBody, validate('json', contactSchema), async (c) => {
      const sent = await sendContactMessage(ports, c.req.valid('json'));
      return sent.ok ? c.json(toContactMessageDto(sent.value), 201) : problem(c, sent.error);
    });
