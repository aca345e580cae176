import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import packageJson from '../package.json' with { type: 'json' };
import type { OpenApiDocument } from './openapi.ts';
import { openApiPath, TAG_DESCRIPTIONS } from './openapi.ts';
import { NAMED_SCHEMAS } from './response-schemas.ts';
import { addProduct, createTestApp, signUpAdmin } from './test-support.ts';

/**
 * The API described (docs/api.md, "The API described"): the document is generated from the routes,
 * so a route the app registers and the document leaves out, a route that does not say what it
 * answers, a body schema that lets through what the route refuses, or an answer that does not
 * match its schema, fails here.
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

/** zod writes its own pattern beside `format`, which ajv then checks; the format names alone it need not know. */
const newAjv = () => new Ajv2020({ strict: false, formats: { 'date-time': true, date: true } });

const COMPONENTS = 'https://bulkhead.example/components.json';
const pointingAt = (value: object, base: string) => JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', `${base}#/$defs/`)) as object;

/** Compiles the document's schemas with ajv, their `$ref`s to `components/schemas` resolved (each component compiled once). */
const compilerFor = (document: OpenApiDocument) => {
  const ajv = newAjv();
  ajv.addSchema(pointingAt({ $id: COMPONENTS, $defs: document.components.schemas }, ''));
  return (schema: object) => ajv.compile(pointingAt(schema, COMPONENTS));
};
const compilers = new WeakMap<OpenApiDocument, ReturnType<typeof compilerFor>>();
const compile = (document: OpenApiDocument, schema: object) => {
  if (!compilers.has(document)) compilers.set(document, compilerFor(document));
  return compilers.get(document)!(schema);
};

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, method, path, operation, responses: operation.responses as Responses })),
  );

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with an operation on every path', async () => {
    const document = await documentOf(createTestApp());
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Bulkhead API', version: packageJson.version });
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
    const ajv = newAjv();
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path, 'OpenAPI templates, not Hono patterns').not.toMatch(/:/);
      expect(path).toMatch(/^\/api\//);
      const operations = Object.entries(item).filter(([method]) => METHODS.includes(method));
      expect(operations.length, path).toBeGreaterThan(0);
      for (const [method, operation] of operations) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.tags, where).toEqual([path.split('/')[2]]);
        expect(Object.keys(operation.responses as object), where).toEqual(expect.arrayContaining(['4XX', '5XX']));
        const parameters = (operation.parameters ?? []) as { name: string; in: string; schema: object }[];
        // Every `{name}` in the path is a path parameter, and nothing else is.
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
        expect(parameters.filter((p) => p.in === 'path').map((p) => p.name).sort(), where).toEqual(templated);
        // Each schema is one a JSON Schema 2020-12 validator accepts.
        for (const parameter of parameters) expect(() => ajv.compile(parameter.schema), `${where} ${parameter.name}`).not.toThrow();
        const body = (operation.requestBody as { content: Record<string, { schema: object }> } | undefined)?.content['application/json'];
        if (body) expect(() => ajv.compile(body.schema), where).not.toThrow();
        for (const [status, response] of Object.entries(operation.responses as Responses)) {
          const answer = response.content?.['application/json']?.schema;
          if (answer && !response.$ref) expect(() => compile(document, answer), `${where} ${status}`).not.toThrow();
        }
      }
    }
    for (const name of Object.keys(document.components.schemas!)) expect(() => compile(document, { $ref: `#/components/schemas/${name}` }), name).not.toThrow();
    const names = new Set(Object.keys(document.paths).flatMap((path) => Object.keys(document.paths[path]!).map((method) => method)));
    expect(names.has('get') && names.has('post')).toBe(true);
    for (const ref of new Set(refsIn(document))) expect(resolve(document, ref), ref).toBeDefined();
    expect(document.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['admin', 'auth', 'orders', 'products', 'quotes']));
  });

  it('explains every operation and tag, and names its server', async () => {
    const used = new Set<string>();
    for (const context of [createTestApp(), createTestApp({ payments: createStripePaymentGateway(STRIPE) })]) {
      const document = await documentOf(context);
      expect(document.servers, 'a server, relative to the host that answers').toEqual([expect.objectContaining({ url: '/' })]);
      const undocumented = operationsOf(document)
        .filter(({ operation }) => !(typeof operation.summary === 'string' && operation.summary.trim() && typeof operation.description === 'string' && operation.description.trim()))
        .map(({ where }) => where);
      expect(undocumented, 'operations without a summary and a description: add documented() beside their responds()').toEqual([]);
      const summaries = operationsOf(document).map(({ operation }) => operation.summary as string);
      expect(summaries.filter((summary, index) => summaries.indexOf(summary) !== index), 'each summary names one operation').toEqual([]);
      const bare = document.tags.filter((tag) => !tag.description?.trim()).map((tag) => tag.name);
      expect(bare, 'tags without a description: add them to TAG_DESCRIPTIONS in http/openapi.ts').toEqual([]);
      for (const { name } of document.tags) used.add(name);
    }
    expect(Object.keys(TAG_DESCRIPTIONS).sort(), 'TAG_DESCRIPTIONS describes only tags some route uses').toEqual([...used].sort());
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

/** Routes whose answer is a file or a page, not JSON. */
const FILE_ROUTES = [
  'GET /api/orders/{id}/invoice.pdf',
  'GET /api/admin/orders/{id}/packing-slip.pdf',
  'GET /api/orders/{id}/refunds/{refundId}/credit-note.pdf',
  'GET /api/admin/orders/export.csv',
  'GET /api/admin/products/export.csv',
  'GET /api/docs',
  'GET /api/docs/assets/{file}',
];
/** Lists docs/api.md names ("API"): each answers a `{items, nextCursor}` page. */
const PAGED_LISTS = [
  '/api/products',
  '/api/reviews',
  '/api/orders',
  '/api/admin/users',
  '/api/admin/messages',
  '/api/admin/subscribers',
  '/api/admin/payments-to-refund',
  '/api/admin/orders',
  '/api/quotes',
  '/api/admin/quotes',
  '/api/admin/returns',
  '/api/admin/audit',
  '/api/company/orders',
  '/api/admin/companies',
];

describe('every route says what it answers', () => {
  it('with a status and, for JSON, a schema; only the file routes answer something else', async () => {
    for (const context of [createTestApp(), createTestApp({ payments: createStripePaymentGateway(STRIPE) })]) {
      const document = await documentOf(context);
      const files: string[] = [];
      for (const { where, responses } of operationsOf(document)) {
        // A route without a `responds()` marker gets only the generic 2XX: that is the failure.
        expect(responses['2XX'], `${where} declares no answer: add responds() beside its handler`).toBeUndefined();
        const successes = Object.keys(responses).filter((status) => /^[23]\d\d$/.test(status));
        expect(successes.length, `${where} declares no answer`).toBeGreaterThan(0);
        for (const status of successes) {
          const { content } = responses[status]!;
          if (!content) {
            expect(['202', '204', '302'], `${where} ${status} has no body`).toContain(status);
            continue;
          }
          const json = content['application/json'];
          if (!json) {
            files.push(where);
            continue;
          }
          expect(json.schema, `${where} ${status}`).toBeDefined();
          const schema = json.schema!.$ref ? resolve(document, json.schema!.$ref) : json.schema;
          expect(schema, `${where} ${status}: ${JSON.stringify(json.schema)}`).toEqual(
            expect.objectContaining({ type: expect.stringMatching(/^(object|array)$/) }),
          );
        }
      }
      expect([...new Set(files)].sort()).toEqual([...FILE_ROUTES].sort());
    }
  });

  it('lists answer pages of typed items: every list docs/api.md names, and no other route that takes a cursor', async () => {
    const document = await documentOf(createTestApp());
    const paged = operationsOf(document).filter(({ operation }) =>
      ['limit', 'cursor'].every((name) => ((operation.parameters ?? []) as { name: string; in: string }[]).some((p) => p.in === 'query' && p.name === name)),
    );
    expect(paged.map(({ path }) => path).sort()).toEqual([...PAGED_LISTS].sort());
    for (const { where, responses } of paged) {
      const declared = responses['200']!.content!['application/json']!.schema!;
      const page = (declared.$ref ? resolve(document, declared.$ref) : declared) as { required: string[]; properties: Record<string, { items?: { $ref?: string } }> };
      expect(page.required, where).toEqual(expect.arrayContaining(['items', 'nextCursor']));
      expect(page.properties.items?.items?.$ref, `${where}: the items are a named DTO`).toMatch(/^#\/components\/schemas\/[A-Z]/);
    }
  });

  it('names a schema for every shape in http/dto.ts', async () => {
    const source = readFileSync(new URL('./dto.ts', import.meta.url), 'utf8');
    const shapes = [...source.matchAll(/^export (?:interface|type) (\w+)Dto\b/gm)].map((match) => match[1]!);
    expect(shapes.length).toBeGreaterThan(30);
    // ListDto<T> is `pageOf(item)`: a page is written out where it is used, its items a `$ref`.
    expect(Object.keys(NAMED_SCHEMAS).sort()).toEqual(shapes.filter((name) => name !== 'List').sort());
    const document = await documentOf(createTestApp());
    expect(Object.keys(document.components.schemas!).sort()).toEqual(Object.keys(NAMED_SCHEMAS).sort());
  });

  it('keeps http/dto.ts to types, so the web app that imports it never bundles the schemas', () => {
    const source = readFileSync(new URL('./dto.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import\b[^;]*;/gm)].map((match) => match[0]);
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
    expect(source).not.toMatch(/^export (?!type )/m);
  });
});

/** The schema the document gives an answer of `status` (following the response's `$ref`). */
const responseSchemaOf = (document: OpenApiDocument, path: string, method: string, status: number) => {
  const responses = document.paths[path]![method]!.responses as Responses;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  const response = (declared?.$ref ? resolve(document, declared.$ref) : declared) as Responses[string] | undefined;
  return response?.content?.['application/json']?.schema;
};

/** Checks one real answer against the document: its status is declared, its body matches. */
const expectDescribed = (document: OpenApiDocument, route: string, answer: { status: number; json: unknown; text: string }, status: number) => {
  const [method, template] = route.split(' ') as [string, string];
  expect(answer.status, `${route}: ${answer.text}`).toBe(status);
  const schema = responseSchemaOf(document, template, method.toLowerCase(), status);
  expect(schema, `${route} ${status} has a schema`).toBeDefined();
  const check = compile(document, schema!);
  expect(check(answer.json), `${route} ${status}: ${JSON.stringify(check.errors)}`).toBe(true);
  return answer.json;
};

describe("answers match the document's response schemas", () => {
  it('lists are pages, refusals the error envelope, health its status', async () => {
    const context = createTestApp();
    const document = await documentOf(context);
    const { token } = await context.signUp();
    await addProduct(context.store, { stock: 100 });
    const calls: [template: string, url: string, status: number][] = [
      ['/api/health', '/api/health', 200],
      ['/api/health/live', '/api/health/live', 200],
      ['/api/products', '/api/products?limit=1', 200],
      ['/api/reviews', '/api/reviews', 200],
      ['/api/orders', '/api/orders', 200],
      ['/api/quotes', '/api/quotes', 200],
      ['/api/products', '/api/products?limit=101', 400],
      ['/api/orders/{id}', '/api/orders/no-such-order', 404],
      ['/api/admin/users', '/api/admin/users', 403],
    ];
    for (const [template, url, status] of calls) expectDescribed(document, `GET ${template}`, await context.call('GET', url, { token }), status);
  });

  it('the main resources, filled in: product, search page, session, me, cart, order, quote, and the admin order page, sales report and audit log', async () => {
    const context = createTestApp();
    const { call } = context;
    const document = await documentOf(context);
    const admin = await signUpAdmin(context);
    const buyer = await context.signUp();
    const as = (who: { token: string }, body?: unknown) => ({ token: who.token, ...(body === undefined ? {} : { body }) });

    const department = expectDescribed(document, 'POST /api/admin/categories', await call('POST', '/api/admin/categories', as(admin, { name: 'Fasteners' })), 201) as { id: string };
    const { id: productId } = await addProduct(context.store, { sku: 'DOC-NUT-M8', brand: 'Bulkhead', categoryId: department.id, stock: 10_000 });
    expectDescribed(document, 'GET /api/products/{id}', await call('GET', `/api/products/${productId}`), 200);
    const search = expectDescribed(document, 'GET /api/products', await call('GET', '/api/products?limit=1'), 200) as { items: unknown[] };
    expect(search.items).toHaveLength(1);

    expectDescribed(document, 'POST /api/auth/sign-in', await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: buyer.password } }), 200);
    expectDescribed(document, 'GET /api/me', await call('GET', '/api/me', as(buyer)), 200);
    const profile = { imageUrl: '', phone: '555 010 2030', education: '', linkedin: '', facebook: '', address: '1 Dock Road' };
    expectDescribed(document, 'PUT /api/me/profile', await call('PUT', '/api/me/profile', as(buyer, profile)), 200);
    expectDescribed(document, 'GET /api/me', await call('GET', '/api/me', as(buyer)), 200);

    expectDescribed(document, 'PUT /api/cart', await call('PUT', '/api/cart', as(buyer, { lines: [{ productId, quantity: 150 }] })), 200);
    const cart = expectDescribed(document, 'GET /api/cart', await call('GET', '/api/cart', as(buyer)), 200) as { lines: unknown[] };
    expect(cart.lines).toHaveLength(1);

    const placed = await call('POST', '/api/orders', as(buyer, { lines: [{ productId, quantity: 300 }], phone: '555 010 2030', address: '1 Dock Road', poNumber: 'PO-7' }));
    const order = expectDescribed(document, 'POST /api/orders', placed, 201) as { id: string };
    expectDescribed(document, 'GET /api/orders/{id}', await call('GET', `/api/orders/${order.id}`, as(buyer)), 200);
    const intent = expectDescribed(document, 'POST /api/orders/{id}/payment-intent', await call('POST', `/api/orders/${order.id}/payment-intent`, as(buyer)), 200) as { clientSecret: string };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
    const charged = await call('POST', '/api/payments/test/confirm', as(buyer, { clientSecret: intent.clientSecret, card, billing: { name: 'Ada Buyer', email: 'ada@example.com' } }));
    const { paymentIntentId } = expectDescribed(document, 'POST /api/payments/test/confirm', charged, 200) as { paymentIntentId: string };
    expectDescribed(document, 'POST /api/orders/{id}/payment/confirm', await call('POST', `/api/orders/${order.id}/payment/confirm`, as(buyer, { paymentIntentId })), 200);
    const shipped = await call('POST', `/api/admin/orders/${order.id}/ship`, as(admin, { carrier: 'DHL', trackingNumber: 'JD0001' }));
    expectDescribed(document, 'POST /api/admin/orders/{id}/ship', shipped, 200);
    expectDescribed(document, 'GET /api/orders/{id}', await call('GET', `/api/orders/${order.id}`, as(buyer)), 200);
    expectDescribed(document, 'POST /api/orders/{id}/reorder', await call('POST', `/api/orders/${order.id}/reorder`, as(buyer)), 200);

    const asked = await call('POST', '/api/quotes', as(buyer, { lines: [{ productId, quantity: 500 }], message: 'Best price for 500?' }));
    const quote = expectDescribed(document, 'POST /api/quotes', asked, 201) as { id: string };
    const offer = { lines: [{ productId, quantity: 500, unitPriceCents: 1_000 }], expiresInDays: 7, holdStock: false, message: 'Ten dollars each' };
    expectDescribed(document, 'POST /api/admin/quotes/{id}/answer', await call('POST', `/api/admin/quotes/${quote.id}/answer`, as(admin, offer)), 200);
    expectDescribed(document, 'GET /api/quotes/{id}', await call('GET', `/api/quotes/${quote.id}`, as(buyer)), 200);

    const orders = expectDescribed(document, 'GET /api/admin/orders', await call('GET', '/api/admin/orders', as(admin)), 200) as { items: unknown[] };
    expect(orders.items.length).toBeGreaterThan(0);
    const report = expectDescribed(document, 'GET /api/admin/reports/sales', await call('GET', '/api/admin/reports/sales', as(admin)), 200) as { topProducts: unknown[] };
    expect(report.topProducts.length).toBeGreaterThan(0);
    expectDescribed(document, 'GET /api/admin/overview', await call('GET', '/api/admin/overview', as(admin)), 200);
    const audit = expectDescribed(document, 'GET /api/admin/audit', await call('GET', '/api/admin/audit', as(admin)), 200) as { items: unknown[] };
    expect(audit.items.length, 'the shipment and the answered quote are in the audit log').toBeGreaterThan(0);
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
