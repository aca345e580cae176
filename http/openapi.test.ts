import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import packageJson from '../package.json' with { type: 'json' };
import type { OpenApiDocument } from './openapi.ts';
import { openApiPath } from './openapi.ts';
import { addProduct, createTestApp } from './test-support.ts';

/**
 * The API described (README.md, "The API described"): the document is generated from the routes,
 * so a route the app registers and the document leaves out, or a body schema that lets through
 * what the route refuses, fails here.
 */

const STRIPE = { secretKey: 'sk_test_openapi', publishableKey: 'pk_test_openapi', webhookSecret: 'whsec_openapi' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const documentOf = async (context: ReturnType<typeof createTestApp>) => {
  const response = await context.call('GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  return response.json as OpenApiDocument;
};

/** Every `$ref` in the document, to check each names something that exists. */
const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)));
  }
  return [];
};

const resolve = (document: OpenApiDocument, ref: string) =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with an operation on every path', async () => {
    const document = await documentOf(createTestApp());
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Bulkhead API', version: packageJson.version });
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
    const ajv = new Ajv2020({ strict: false });
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path, 'OpenAPI templates, not Hono patterns').not.toMatch(/:/);
      expect(path).toMatch(/^\/api\//);
      const operations = Object.entries(item).filter(([method]) => METHODS.includes(method));
      expect(operations.length, path).toBeGreaterThan(0);
      for (const [method, operation] of operations) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.tags, where).toEqual([path.split('/')[2]]);
        expect(Object.keys(operation.responses as object), where).toEqual(expect.arrayContaining(['2XX', '4XX']));
        const parameters = (operation.parameters ?? []) as { name: string; in: string; schema: object }[];
        // Every `{name}` in the path is a path parameter, and nothing else is.
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
        expect(parameters.filter((p) => p.in === 'path').map((p) => p.name).sort(), where).toEqual(templated);
        // Each schema is one a JSON Schema 2020-12 validator accepts.
        for (const parameter of parameters) expect(() => ajv.compile(parameter.schema), `${where} ${parameter.name}`).not.toThrow();
        const body = (operation.requestBody as { content: Record<string, { schema: object }> } | undefined)?.content['application/json'];
        if (body) expect(() => ajv.compile(body.schema), where).not.toThrow();
      }
    }
    const names = new Set(Object.keys(document.paths).flatMap((path) => Object.keys(document.paths[path]!).map((method) => method)));
    expect(names.has('get') && names.has('post')).toBe(true);
    for (const ref of new Set(refsIn(document))) expect(resolve(document, ref), ref).toBeDefined();
    expect(document.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['admin', 'auth', 'orders', 'products', 'quotes']));
  });

  it('describes every route the app registers (the Stripe webhook too)', async () => {
    for (const context of [createTestApp(), createTestApp({ payments: createStripePaymentGateway(STRIPE) })]) {
      const document = await documentOf(context);
      const registered = context.app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'));
      expect(registered.length).toBeGreaterThan(40);
      const missing = registered.filter((route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]).map((route) => `${route.method} ${route.path}`);
      expect(missing, 'routes the document does not describe').toEqual([]);
    }
  });

  it('takes parameters from the schemas the routes validate with', async () => {
    const document = await documentOf(createTestApp());
    const names = (path: string, method: string, where: string) =>
      ((document.paths[path]?.[method]?.parameters ?? []) as { name: string; in: string }[]).filter((p) => p.in === where).map((p) => p.name);
    expect(names('/api/products', 'get', 'query')).toEqual(expect.arrayContaining(['limit', 'cursor', 'q', 'sort']));
    expect(names('/api/products/{id}/quantity-advice', 'get', 'query')).toEqual(['quantity']);
    expect(names('/api/orders/{id}', 'get', 'path')).toEqual(['id']);
    expect(names('/api/orders', 'post', 'header')).toEqual(['idempotency-key']);
  });
});

/** Bodies a route refuses with 400 VALIDATION_FAILED, next to one it takes. */
const BODIES = [
  {
    route: 'POST /api/auth/sign-up',
    refused: { name: 'Ann', email: 'ann@example.com' },
    taken: { name: 'Ann', email: 'ann@example.com', password: 'password-1' },
    signedIn: false,
  },
  {
    route: 'POST /api/contact',
    refused: { name: 'Dana', email: 'dana@example.com', message: 42 },
    taken: { name: 'Dana', email: 'dana@example.com', message: 'Do you ship to Ghent?' },
    signedIn: false,
  },
  { route: 'PUT /api/cart', refused: { lines: 'M8 nuts' }, taken: { lines: [] }, signedIn: true },
  { route: 'POST /api/quotes', refused: { message: 'Best price?' }, taken: null, signedIn: true },
] as const;

describe("the document's request bodies refuse what the routes refuse", () => {
  it.each(BODIES.map((row) => [row.route, row] as const))('%s', async (route, row) => {
    const context = createTestApp();
    const document = await documentOf(context);
    const [method, path] = route.split(' ') as [string, string];
    const operation = document.paths[path]?.[method.toLowerCase()] as { requestBody?: { required: boolean; content: Record<string, { schema: object }> } };
    expect(operation.requestBody?.required).toBe(true);
    const check = new Ajv2020({ strict: false }).compile(operation.requestBody!.content['application/json']!.schema);
    const token = row.signedIn ? (await context.signUp()).token : undefined;

    const refused = await context.call(method, path, { body: row.refused, token });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.error.code).toBe('VALIDATION_FAILED');
    expect(check(row.refused), `the document takes ${JSON.stringify(row.refused)}`).toBe(false);

    if (row.taken) {
      const taken = await context.call(method, path, { body: row.taken, token });
      expect(taken.status, taken.text).toBeLessThan(300);
      expect(check(row.taken), JSON.stringify(check.errors)).toBe(true);
    }
  });
});

describe('POST /api/orders: the document says what a client sends, not what the transform makes of it', () => {
  it('takes either shape and refuses both at once, as the route does', async () => {
    const context = createTestApp();
    const document = await documentOf(context);
    const operation = document.paths['/api/orders']!.post as { requestBody: { content: Record<string, { schema: object }> } };
    const check = new Ajv2020({ strict: false }).compile(operation.requestBody.content['application/json']!.schema);
    const { token } = await context.signUp();
    const { id: productId } = await addProduct(context.store, { stock: 100_000 });
    const details = { phone: '5550100200', address: 'Dock 4' };
    const oneProduct = { productId, quantity: 100, ...details };
    const lines = { lines: [{ productId, quantity: 100 }], ...details };

    const both = await context.call('POST', '/api/orders', { token, body: { ...lines, productId, quantity: 100 } });
    expect(both.status, both.text).toBe(400);
    expect(check({ ...lines, productId, quantity: 100 })).toBe(false);
    const noAddress = await context.call('POST', '/api/orders', { token, body: { productId, quantity: 100, phone: '5550100200' } });
    expect(noAddress.status, noAddress.text).toBe(400);
    expect(check({ productId, quantity: 100, phone: '5550100200' })).toBe(false);
    for (const body of [oneProduct, lines]) {
      expect(check(body), JSON.stringify(check.errors)).toBe(true);
      const placed = await context.call('POST', '/api/orders', { token, body });
      expect(placed.status, placed.text).toBe(201);
    }
  });
});

/** The schema the document gives an answer of `status` (following its `$ref`s). */
const responseSchemaOf = (document: OpenApiDocument, path: string, method: string, status: number) => {
  const responses = document.paths[path]![method]!.responses as Record<string, { $ref?: string }>;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  const response = (declared?.$ref ? resolve(document, declared.$ref) : declared) as { content?: Record<string, { schema: { $ref?: string } }> } | undefined;
  const schema = response?.content?.['application/json']?.schema;
  return schema?.$ref ? (resolve(document, schema.$ref) as object) : schema;
};

describe("answers match the document's response schemas", () => {
  it('lists are pages, refusals the error envelope, health its status', async () => {
    const context = createTestApp();
    const document = await documentOf(context);
    const { token } = await context.signUp();
    await addProduct(context.store, { stock: 100 });
    const ajv = new Ajv2020({ strict: false });
    const calls: [template: string, url: string, status: number][] = [
      ['/api/health', '/api/health', 200],
      ['/api/products', '/api/products?limit=1', 200],
      ['/api/reviews', '/api/reviews', 200],
      ['/api/orders', '/api/orders', 200],
      ['/api/quotes', '/api/quotes', 200],
      ['/api/products', '/api/products?limit=101', 400],
      ['/api/orders/{id}', '/api/orders/no-such-order', 404],
      ['/api/admin/users', '/api/admin/users', 403],
    ];
    for (const [template, url, status] of calls) {
      const answer = await context.call('GET', url, { token });
      expect(answer.status, url).toBe(status);
      const schema = responseSchemaOf(document, template, 'get', status);
      expect(schema, `GET ${template} ${status} has a schema`).toBeDefined();
      const check = ajv.compile(schema!);
      expect(check(answer.json), `GET ${url}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
  });

  it('documents a page for every list README.md names', async () => {
    const document = await documentOf(createTestApp());
    const paged = Object.entries(document.paths)
      .filter(([, item]) => (item.get?.responses as Record<string, { $ref?: string }> | undefined)?.['200']?.$ref === '#/components/responses/Page')
      .map(([path]) => path);
    expect(paged.sort()).toEqual(
      ['/api/products', '/api/reviews', '/api/orders', '/api/admin/users', '/api/admin/messages', '/api/admin/subscribers', '/api/admin/payments-to-refund', '/api/admin/orders', '/api/quotes', '/api/admin/quotes', '/api/admin/audit'].sort(),
    );
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page that loads only same-origin assets, under the site CSP', async () => {
    const context = createTestApp();
    const page = await context.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);

    const html = page.text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes, 'no inline script: every script has a src').toMatch(/\bsrc="/);
      expect(inline!.trim()).toBe('');
    }
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      expect(url, 'same origin').toMatch(/^\/(?!\/)/);
      const asset = await context.call('GET', url);
      expect(asset.status, url).toBe(200);
    }
    const bundle = await context.call('GET', '/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    const start = await context.call('GET', '/api/docs/assets/start.js');
    expect(start.text).toContain("'/api/openapi.json'");
  });

  it('serves only its own assets', async () => {
    const context = createTestApp();
    for (const name of ['package.json', 'index.html', '..%2F..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      expect((await context.call('GET', `/api/docs/assets/${name}`)).status, name).toBe(404);
    }
  });
});
