import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { detectImageType } from '#domain/images/detect-image-type.ts';
import { isImageWidth, MAX_IMAGE_BYTES } from '#domain/images/image-store.ts';
import { messages } from '#http/messages.ts';
import type { UploadDto } from '../dto.ts';
import type { Logger } from '../logger.ts';
import { createAttemptCounter } from '../middleware/attempt-counters.ts';
import { limitEveryAttempt } from '../middleware/rate-limit.ts';
import { HSTS } from '../middleware/security-headers.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { invalidFields, problemOf } from '../problem.ts';
import { documented, responds } from '../responds.ts';
import { uploadDto } from '../response-schemas.ts';

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * POST /api/uploads (signed in): one image in the multipart field `image`. The type is decided
 * from the bytes, the size must stay under 1,000,000 bytes, a raster image must decode and have
 * at most 40 megapixels, and the store names the file.
 */
export const uploadRoutes = (ports: AppPorts, settings: HttpSettings) => {
  // Every attempt counts, accepted or not: an account cannot fill the disk or keep a core busy.
  const perAccount = limitEveryAttempt(
    createAttemptCounter(settings.counterStore, 'uploads', { limit: settings.uploadRateLimit, windowMs: 60 * 60 * 1000 }),
    (c) => c.get('user').id,
  );
  return new Hono<AppEnv>().post(
    '/',
    requireUser(ports),
    perAccount,
    // The envelope may be a little larger than the file; the file itself is checked below.
    bodyLimit({
      maxSize: settings.uploadBodyLimitBytes,
      onError: (c) => problemOf(c, 'PAYLOAD_TOO_LARGE', messages.imageTooLarge),
    }),
    documented({
      summary: 'Upload an image',
      description:
        'Signed in. `multipart/form-data` with the file in the field `image`. Its type is read from the bytes (PNG, JPEG, GIF, WebP or SVG), it must be under 1,000,000 bytes, and a raster image must decode and have at most 40 megapixels. 201 `{url}`: the stored image, to use in a product, a review or a profile. Refusals: 400 `VALIDATION_FAILED` on `image` (missing, unreadable, too many pixels), 413 `PAYLOAD_TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE` (not multipart, or not an image type), 429 `RATE_LIMITED` (uploads per account per hour, refused ones included).',
    }),
    responds(201, uploadDto, 'Stored: the URL to use in a product or a review.'),
    async (c) => {
      if (!MULTIPART.test(c.req.header('content-type') ?? '')) {
        return problemOf(c, 'UNSUPPORTED_MEDIA_TYPE', messages.imageMissing);
      }
      let body: Record<string, unknown>;
      try {
        body = await c.req.parseBody();
      } catch {
        return invalidFields(c, { image: messages.imageMissing });
      }
      const file = body.image;
      if (!(file instanceof Blob) || file.size === 0) return invalidFields(c, { image: messages.imageMissing });
      if (file.size >= MAX_IMAGE_BYTES) return problemOf(c, 'PAYLOAD_TOO_LARGE', messages.imageTooLarge);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = detectImageType(bytes);
      if (!type) return problemOf(c, 'UNSUPPORTED_MEDIA_TYPE', messages.imageUnsupported);
      if (type !== 'svg') {
        const imageProblem = await ports.inspectImage(bytes);
        if (imageProblem === 'too-many-pixels') return invalidFields(c, { image: messages.imageTooManyPixels });
        if (imageProblem === 'undecodable') return invalidFields(c, { image: messages.imageUnreadable });
      }
      const saved = await ports.images.save(bytes, type);
      // The served widths are built now, once, on the uploader's time: page views read stored files.
      const storedName = saved.url.slice(saved.url.lastIndexOf('/') + 1);
      if (ports.uploads?.prepare && ports.uploads.isStoredName(storedName)) await ports.uploads.prepare(storedName);
      return c.json({ url: saved.url } satisfies UploadDto, 201);
    },
  );
};

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/**
 * Opened directly, an uploaded SVG is a document that could run script on our origin. This
 * policy (with sandbox) gives it no scripts, no requests and a unique origin; as an <img> it is
 * inert anyway. nosniff stops a browser from reading the bytes as anything but the stated type.
 */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** GET /uploads/:name[?w=<one of IMAGE_WIDTHS>]: the local image store's files; names are random, so caching is forever. */
export const uploadedFiles = (ports: AppPorts, settings: Pick<HttpSettings, 'secure'>, logger: Logger) =>
  new Hono<AppEnv>().on(['GET', 'HEAD'], '/:name', async (c) => {
    // Set first, so the 404 and 400 answers carry them too (the site-wide headers skip /uploads).
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', UPLOAD_CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'no-referrer');
    if (settings.secure) c.header('Strict-Transport-Security', HSTS);
    const files = ports.uploads;
    const name = c.req.param('name');
    if (!files || !files.isStoredName(name)) return problemOf(c, 'NOT_FOUND', messages.notFound);
    const width = c.req.query('w');
    if (width !== undefined && !isImageWidth(Number(width))) {
      return invalidFields(c, { w: messages.invalidInput });
    }
    const extension = name.slice(name.lastIndexOf('.') + 1);
    let path = join(files.dir, name);
    let contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
    if (width !== undefined && extension !== 'svg') {
      // SVGs scale by themselves; a raster that cannot be resized is served as it is.
      const resized = await files.resized(name, Number(width)).catch((error: unknown) => {
        logger.warn('could not resize an upload', { name, error: String(error) });
        return null;
      });
      if (resized) {
        path = resized;
        contentType = 'image/webp';
      }
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch {
      return problemOf(c, 'NOT_FOUND', messages.notFound);
    }
    c.header('Content-Type', contentType);
    c.header('Content-Length', String(bytes.length));
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Disposition', 'inline');
    c.header('Cross-Origin-Resource-Policy', 'same-site');
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(new Uint8Array(bytes), 200);
  });
