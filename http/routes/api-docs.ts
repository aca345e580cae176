import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import type { RouterRoute } from 'hono/types';
import { messages } from '#domain/messages.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi.ts';
import type { AppEnv } from '../ports.ts';
import { problemOf } from '../problem.ts';
import { documented, responds } from '../responds.ts';

/** Swagger UI's own files, from the installed swagger-ui-dist package: no CDN. */
const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * Starts Swagger UI on the document. A file of its own, not an inline script: the site's
 * Content-Security-Policy allows scripts from our own origin only (middleware/security-headers.ts).
 */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  withCredentials: true,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bulkhead API</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/start.js"></script>
</body>
</html>
`;

/** Read once, on first use: the bundle is about 1.5 MB and never changes while the server runs. */
const assetCache = new Map<string, Uint8Array<ArrayBuffer>>();
const swaggerUiDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const swaggerUiFile = (name: string) => {
  let bytes = assetCache.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(join(swaggerUiDir(), name)));
    assetCache.set(name, bytes);
  }
  return bytes;
};

/** The answer of /api/openapi.json, in outline: the OpenAPI 3.1 specification says the rest. */
const openApiDocument = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('This document.');

/** Assets are versioned with the installed package, so a day's caching is safe. */
const ASSET_CACHE = 'public, max-age=86400';

/**
 * /api/openapi.json and /api/docs (docs/api.md, "The API described"). `routes` gives the app's
 * registered routes; the document is built from them on first request, once every route is
 * registered, and kept.
 */
export const apiDocsRoutes = (routes: () => readonly RouterRoute[]) => {
  let document: OpenApiDocument | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', documented({
      summary: 'This document',
      description:
        'Public; changes nothing. The OpenAPI 3.1 document of every route under /api, generated on the first request from the routes the server registered.',
    }), responds(200, openApiDocument), (c) => c.json((document ??= buildOpenApiDocument(routes())), 200))
    .get('/docs', documented({
      summary: 'The API reference page',
      description:
        'Public. An HTML page (Swagger UI) that reads this document; its scripts and styles come from this server only.',
    }), responds(200, 'text/html', 'The reference page (Swagger UI).'), (c) => c.html(PAGE, 200))
    .get('/docs/assets/:file', documented({
      summary: "The reference page's files",
      description:
        "Public, cached for a day. Swagger UI's script, style sheet and icon, and the script that starts it. 404 `NOT_FOUND` for any other name.",
    }), responds(200, ['text/css', 'text/javascript', 'image/png'], "Swagger UI's own files and its start script."), (c) => {
      const file = c.req.param('file');
      if (file === 'start.js') {
        return c.body(START_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': ASSET_CACHE });
      }
      const type = Object.hasOwn(SWAGGER_UI_FILES, file) ? SWAGGER_UI_FILES[file] : undefined;
      if (!type) return problemOf(c, 'NOT_FOUND', messages.notFound);
      return c.body(swaggerUiFile(file), 200, { 'Content-Type': type, 'Cache-Control': ASSET_CACHE });
    });
};
