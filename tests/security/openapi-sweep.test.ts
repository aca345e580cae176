/**
 * Every operation the API describes (`/api/openapi.json`, http/openapi.ts), on SQLite and on
 * PostgreSQL: each path parameter, query parameter and JSON body field (nested ones included) is
 * given, one at a time in an otherwise valid request, a NUL, an over-long text, a value of the
 * wrong type and a lone UTF-16 surrogate. Not one answer may be a 5xx, and nothing may be logged
 * at error level (anyone could flood the error log). PostgreSQL refuses a NUL in text outright,
 * so this is where a value that slips past the edge (http/middleware/control-characters.ts)
 * would show. PostgreSQL is the server at TEST_DATABASE_URL when set, otherwise PGlite
 * (adapters/storage/postgres/test-database.ts), as the store contract chooses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresTestDatabase } from '#adapters/storage/postgres/test-database.ts';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import { addProduct, createTestApp, keptLogger, signUpAdmin } from '#http/test-support.ts';

/** The parts of an OpenAPI 3.1 document the sweep reads. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Paths = Record<string, Record<string, Operation>>;

const IMAGE = '/uploads/0123456789abcdef0123456789abcdef.png';
const TOO_LONG = 'x'.repeat(10_000);

/** The four flaws, as path or query text (already encoded) and as a body value. */
const URL_FLAWS = { nul: 'a%00b', long: TOO_LONG, wrongType: '%7B%5B-1e999%5D%7D', surrogate: 'a%ED%A0%80b' };
const bodyFlaws = (schema: JsonSchema): Record<string, unknown> => ({
  nul: 'a\u0000b',
  long: TOO_LONG,
  wrongType: typeOf(schema) === 'string' ? 12_345 : typeOf(schema) === 'array' ? { not: 'a list' } : 'not this type',
  surrogate: 'a\uD800b',
});

/** The schema's own shape: the first choice of a oneOf, the non-null one of an anyOf. */
const resolved = (schema: JsonSchema): JsonSchema =>
  schema.oneOf?.[0] ? resolved(schema.oneOf[0]) : schema.anyOf ? resolved(schema.anyOf.find((choice) => choice.type !== 'null') ?? schema.anyOf[0]!) : schema;
const typeOf = (schema: JsonSchema): string | undefined => {
  const { type } = resolved(schema);
  return Array.isArray(type) ? type.find((name) => name !== 'null') : type;
};

interface Fixtures {
  admin: string;
  customer: string;
  productId: string;
  orderId: string;
  reviewId: string;
  quoteId: string;
  categoryId: string;
  messageId: string;
  userId: string;
  /** The customer manages a company (docs/companies.md): its manager's user id and a site of it. */
  companyMemberId: string;
  companySiteId: string;
}

/** Values a valid request would hold, by field name; anything else gets a plain value of its type. */
const hints = (f: Fixtures): Record<string, unknown> => ({
  productId: f.productId,
  quantity: 100,
  phone: '5550100200',
  address: '1 Harbour Road',
  poNumber: 'PO-1',
  note: 'Dock 3',
  email: `sweep-${randomUUID().slice(0, 8)}@example.com`,
  password: 'password-1',
  name: 'Ada Sweep',
  message: 'A price for these, please',
  country: 'Norway',
  rating: 5,
  comment: 'Good',
  imageUrl: IMAGE,
  text: 'M8-NUT 100',
  read: true,
  expiresInDays: 7,
  holdStock: false,
  unitPriceCents: 900,
  priceCents: 100,
  stock: 10,
  description: 'DN50',
  slug: `sweep-${randomUUID().slice(0, 8)}`,
  parentId: null,
  categoryId: null,
  brand: null,
  unit: 'piece',
  minOrderQuantity: 100,
  packSize: 1,
  minQuantity: 200,
  carrier: 'DHL',
  trackingNumber: 'ABC123',
  education: '',
  linkedin: '',
  facebook: '',
  number: '4242424242424242',
  expiry: '12/30',
  cvc: '123',
});

/** A valid-looking value for a schema: hints by name first, then the first enum value, then the type's plain value. */
const sample = (schema: JsonSchema, name: string | null, f: Fixtures): unknown => {
  const hinted = hints(f);
  if (name !== null && name in hinted) return hinted[name];
  const shape = resolved(schema);
  if (shape.enum?.length) return shape.enum[0];
  switch (typeOf(shape)) {
    case 'object':
      return Object.fromEntries(Object.entries(shape.properties ?? {}).map(([key, property]) => [key, sample(property, key, f)]));
    case 'array':
      return shape.items ? [sample(shape.items, null, f)] : [];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'sample';
  }
};

/** Every leaf field of a body (`lines.0.productId`, `card.cvc`), with its schema. */
const leaves = (schema: JsonSchema, path: (string | number)[] = []): { path: (string | number)[]; schema: JsonSchema }[] => {
  const shape = resolved(schema);
  const type = typeOf(shape);
  if (type === 'object' && shape.properties) return Object.entries(shape.properties).flatMap(([key, property]) => leaves(property, [...path, key]));
  if (type === 'array' && shape.items && typeOf(shape.items) === 'object') return [{ path, schema: shape }, ...leaves(shape.items, [...path, 0])];
  return path.length > 0 ? [{ path, schema: shape }] : [];
};

const withValue = (body: unknown, path: (string | number)[], value: unknown): unknown => {
  const copy: unknown = structuredClone(body);
  let at = copy as Record<string | number, unknown>;
  // The sample body holds every field, so each step of the path is already there.
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
};

/** A path parameter's valid value, by the resource its path names. */
const pathValue = (template: string, name: string, f: Fixtures): string => {
  if (name === 'file') return 'swagger-ui.css';
  const byPrefix: [string, string][] = [
    ['/api/products/', f.productId],
    ['/api/reviews/', f.reviewId],
    ['/api/orders/', f.orderId],
    ['/api/quotes/', f.quoteId],
    ['/api/admin/quotes/', f.quoteId],
    ['/api/admin/categories/', f.categoryId],
    ['/api/admin/orders/', f.orderId],
    ['/api/admin/users/', f.userId],
    ['/api/admin/messages/', f.messageId],
    ['/api/company/members/', f.companyMemberId],
    ['/api/company/addresses/', f.companySiteId],
  ];
  return byPrefix.find(([prefix]) => template.startsWith(prefix))?.[1] ?? randomUUID();
};

/** Admins for the admin routes and the catalogue's writes; the customer for the rest. */
const callerOf = (method: string, template: string, f: Fixtures) =>
  template.startsWith('/api/admin/') || (method !== 'GET' && template.startsWith('/api/products')) || (method === 'DELETE' && template.startsWith('/api/reviews/'))
    ? f.admin
    : f.customer;

interface Probe {
  what: string;
  method: string;
  path: string;
  token: string;
  body?: unknown;
}

/** One probe per operation input and flaw, each in an otherwise valid request. */
const probesOf = (paths: Paths, f: Fixtures): { probes: Probe[]; operations: string[] } => {
  const probes: Probe[] = [];
  const operations: string[] = [];
  for (const [template, methods] of Object.entries(paths)) {
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      operations.push(`${method} ${template}`);
      const token = callerOf(method, template, f);
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const validBody = schema ? sample(schema, null, f) : undefined;
      const fill = (override?: { name: string; value: string }) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => (override?.name === name ? override.value : encodeURIComponent(pathValue(template, name, f))));
      const base = (path: string, body: unknown = validBody): Probe => ({ what: '', method, path, token, ...(body !== undefined ? { body } : {}) });
      for (const [flaw, value] of Object.entries(URL_FLAWS)) {
        for (const name of pathParams) probes.push({ ...base(fill({ name, value })), what: `${method} ${template} path ${name}: ${flaw}` });
        for (const name of queryParams) probes.push({ ...base(`${fill()}?${name}=${value}`), what: `${method} ${template} query ${name}: ${flaw}` });
      }
      if (schema) {
        for (const leaf of leaves(schema)) {
          for (const [flaw, value] of Object.entries(bodyFlaws(leaf.schema))) {
            probes.push({ ...base(fill(), withValue(validBody, leaf.path, value)), what: `${method} ${template} body ${leaf.path.join('.')}: ${flaw}` });
          }
        }
      }
    }
  }
  return { probes, operations };
};

const databases: { name: string; open: () => Promise<{ storage: Storage; close: () => Promise<void> }> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'bulkhead-sweep-'));
      const storage = openSqliteStorage(join(dir, 'bulkhead.db'));
      return { storage, close: async () => (await storage.lifecycle.close(), await rm(dir, { recursive: true, force: true })) };
    },
  },
  (() => {
    const postgres = postgresTestDatabase();
    return {
      name: `PostgreSQL: ${postgres.kind}`,
      open: async () => {
        const opened = await postgres.open();
        return { storage: opened.storage, close: async () => (await opened.cleanup(), await postgres.dispose()) };
      },
    };
  })(),
];

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each(databases)('every described operation with NUL, over-long, wrong-type and lone-surrogate inputs, on $name', ({ open }) => {
  it('answers no 5xx and logs nothing at error level', async () => {
    const { storage, close } = await open();
    closers.push(close);
    const kept = keptLogger();
    const app = createTestApp({ storage, logger: kept.logger });

    const admin = await signUpAdmin(app);
    const customer = await app.signUp({ name: 'Sweep Buyer' });
    const target = await app.signUp({ name: 'Target' });
    const product = await addProduct(app.store, { stock: 100_000, priceCents: 1250 });
    const call = async (method: string, path: string, token: string, body: unknown) => {
      const answer = await app.call(method, path, { token, body });
      if (answer.status >= 300) throw new Error(`arrange ${method} ${path}: ${answer.status} ${answer.text}`);
      return answer.json as { id: string };
    };
    const order = await call('POST', '/api/orders', customer.token, { productId: product.id, quantity: 100, phone: '5550100200', address: 'Pier 9' });
    const review = await call('POST', '/api/reviews', customer.token, { country: 'Norway', rating: 4, comment: 'Fine', imageUrl: IMAGE });
    const quote = await call('POST', '/api/quotes', customer.token, { lines: [{ productId: product.id, quantity: 100 }], message: 'Best price?' });
    const category = await call('POST', '/api/admin/categories', admin.token, { name: 'Sweep fasteners' });
    // The customer manages a company, so its routes get past "no company" to the store.
    await call('POST', '/api/company', customer.token, { name: 'Sweep Builders' });
    const site = await call('POST', '/api/company/addresses', customer.token, { label: 'Yard', recipient: 'Office', phone: '5550100200', address: 'Pier 9' });
    const message = await app.store.inbox.addContactMessage({ id: randomUUID(), name: 'Ada', email: 'ada@example.com', message: 'Hello', createdAt: new Date(), readAt: null });
    const fixtures: Fixtures = {
      admin: admin.token,
      customer: customer.token,
      productId: product.id,
      orderId: order.id,
      reviewId: review.id,
      quoteId: quote.id,
      categoryId: category.id,
      messageId: message.id,
      userId: target.user.id,
      companyMemberId: customer.user.id,
      companySiteId: site.id,
    };

    const document = await app.call('GET', '/api/openapi.json');
    const { probes, operations } = probesOf((document.json as { paths: Paths }).paths, fixtures);
    // The whole document, not a list kept by hand: an operation added later is swept too.
    expect(operations.length).toBeGreaterThanOrEqual(70);
    expect(probes.length).toBeGreaterThan(500);

    // The generated base bodies are valid ones (each flaw is then the only thing wrong): the
    // writes below go through with the sweep's own sample body.
    for (const [method, path] of [['POST', '/api/contact'], ['POST', '/api/admin/categories'], ['PUT', '/api/me/profile']] as const) {
      const operation = (document.json as { paths: Paths }).paths[path]![method.toLowerCase()]!;
      const body = sample(operation.requestBody!.content!['application/json']!.schema!, null, fixtures);
      const answer = await app.call(method, path, { token: callerOf(method, path, fixtures), body });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    }

    const failures: string[] = [];
    for (const probe of probes) {
      const answer = await app.call(probe.method, probe.path, { token: probe.token, ...(probe.body !== undefined ? { body: probe.body } : {}) });
      if (answer.status >= 500) failures.push(`${probe.what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    await app.settled();
    expect(failures).toEqual([]);
    expect(kept.lines.filter((line) => line.level === 'error').map((line) => `${line.message} ${JSON.stringify(line.details).slice(0, 300)}`)).toEqual([]);
  });
});
