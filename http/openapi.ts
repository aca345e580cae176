import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import packageJson from '../package.json' with { type: 'json' };
import { SESSION_COOKIE } from './middleware/session.ts';
import { documentedOf, respondsOf, type Documented, type Responds } from './responds.ts';
import { NAMED_SCHEMAS } from './response-schemas.ts';
import { documentedInputs } from './schemas.ts';
import { validatesOf, type Validates } from './validation.ts';

/**
 * The API described (docs/api.md, "The API described"): an OpenAPI 3.1 document worked out from the
 * routes the app has registered, never written by hand. Each operation's path, query and header
 * parameters and its JSON body come from the very zod schemas its `validate()` middlewares check
 * (read back from the route's handlers), converted with `z.toJSONSchema` in its input mode: what
 * a client may send, before defaults and transforms. Its answers come from the `responds()` markers
 * beside the handlers (http/responds.ts): a status and the zod schema of the JSON body
 * (http/response-schemas.ts, converted in output mode, named DTOs as `components/schemas`), a
 * file's media type, or no body. What each operation is for, who may call it and how it refuses
 * comes from the `documented()` marker beside them; each tag's text from `TAG_DESCRIPTIONS` below.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
  security: Record<string, string[]>[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

/** Hono's `:id` (or `:id{pattern}`, `:id?`) as OpenAPI's `{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

const paramNames = (honoPath: string) => [...honoPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/** The area a route belongs to: the first path segment after /api. */
const tagOf = (honoPath: string) => honoPath.split('/')[2] || 'api';

/**
 * Each tag's text, in this one place; http/openapi.test.ts fails on a tag the routes use and this
 * leaves out. The routes' own `documented()` texts say the rest.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  admin:
    'The dashboard: the overview and sales report, every order (ship, packing slip, CSV export), users and their role, payments to refund, the contact inbox, newsletter subscribers, the audit log, categories, the catalogue import and export, and the answers to quotes. Admins only: 401 without a session, 403 `FORBIDDEN` for a customer.',
  auth: 'Accounts and sessions: sign-up, sign-in (e-mail and password, or Google), sign-out, e-mail verification and password reset. A session token is answered and also set as the HttpOnly session cookie.',
  cart: "The signed-in buyer's saved order list, priced at today's tiers, and the quick order's reading of a pasted list (open to anyone).",
  company:
    "The caller's company (docs/companies.md): several buyers, one customer. Create one, read it (managers see every member's limit and spending, buyers names and roles), invite members by e-mail, set roles and monthly limits, leave, and keep the company's sites. Signed in with a verified e-mail; every route works on the caller's own company only.",
  categories: 'The public department tree, with the number of products in stock in each (docs/catalogue.md, "Catalogue").',
  contact: "The public contact form: messages land in the admins' inbox.",
  docs: 'This reference page (Swagger UI) and its own files, served from this server.',
  health: 'Readiness and liveness probes for load balancers and supervisors.',
  me: 'The signed-in user as stored now, and their profile.',
  newsletter: 'The public newsletter sign-up.',
  'openapi.json': 'This document, generated from the routes and the schemas they check.',
  orders: "A buyer's orders: place one (stock reserved at once), read, pay, download the invoice, order again, delete while unpaid. Another user's order answers 404, as an unknown one does.",
  payments: "The offline test payment provider's card form (only while no Stripe keys are configured).",
  products: 'The public catalogue (search with filters, facets and sorts, the typeahead, one product, quantity advice); admins add, edit and delete products.',
  quotes: 'Requests for quote: a verified buyer asks, an admin answers with prices, the buyer accepts (an unpaid order) or declines. `requested → quoted → accepted | declined | expired`.',
  reviews: 'Shop reviews: public to read, posted by signed-in customers, removed by admins.',
  uploads: 'Image uploads for products, reviews and profiles.',
  webhooks: "The payment provider's calls to this server (Stripe, only when configured).",
};

const operationIdOf = (method: string, path: string) =>
  method +
  path
    .replace(/^\/api/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** The JSON Schema of what a client may send; a transform's output is the server's business. */
export const requestJsonSchema = (schema: z.ZodType): JsonSchema => {
  const described = documentedInputs.get(schema) ?? schema;
  const { $schema: _dialect, ...json } = z.toJSONSchema(described, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json;
};

/** One parameter per property of an object schema (a query string, the headers, the path). */
const parametersOf = (where: 'query' | 'header' | 'path' | 'cookie', schema: z.ZodType) => {
  const json = requestJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
};

const PARAMETER_PLACES: Partial<Record<Validates['target'], 'query' | 'header' | 'path' | 'cookie'>> = {
  query: 'query',
  header: 'header',
  param: 'path',
  cookie: 'cookie',
};
const BODY_TYPES: Partial<Record<Validates['target'], string>> = { json: 'application/json', form: 'multipart/form-data' };

const SCHEMAS = '#/components/schemas/';

/**
 * The JSON Schemas of the answers, converted together so that a named DTO inside another (the
 * product in a page, the user in a session) is a `$ref`: the named ones for `components/schemas`,
 * and `schemaOf` for the body of one answer, a `$ref` when it is named itself.
 */
const answerSchemas = (used: readonly z.ZodType[]) => {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) registry.add(schema, { id });
  const unnamed = new Map<z.ZodType, string>();
  for (const schema of used) {
    if (registry.has(schema) || unnamed.has(schema)) continue;
    const id = `unnamed-${unnamed.size}`;
    unnamed.set(schema, id);
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => SCHEMAS + id,
    // zod bounds every integer by the safe range: true of any JSON number the server writes, so left unsaid.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  // Shared definitions come only from an unnamed schema that contains itself: it needs a name.
  if ('__shared' in schemas) throw new Error('An answer schema needs a name in NAMED_SCHEMAS (http/response-schemas.ts).');
  const bare = (id: string): JsonSchema => {
    const { $schema: _dialect, $id: _id, ...json } = schemas[id] as JsonSchema;
    return json;
  };
  return {
    named: Object.fromEntries(Object.keys(NAMED_SCHEMAS).map((id) => [id, bare(id)])),
    schemaOf: (schema: z.ZodType): JsonSchema => {
      const id = registry.get(schema)!.id;
      return unnamed.has(schema) ? bare(id) : { $ref: SCHEMAS + id };
    },
  };
};

const STATUS_TEXT: Record<number, string> = {
  200: 'Done.',
  201: 'Created.',
  202: 'Accepted: the rest happens after the answer.',
  204: 'Done; no body.',
  302: 'A redirect to `Location`.',
};

const responseOf = ({ status, body, description }: Responds, schemaOf: (schema: z.ZodType) => JsonSchema) => ({
  description: description ?? (body && 'json' in body ? body.json.description : undefined) ?? STATUS_TEXT[status] ?? 'Answered.',
  ...(status >= 300 && status < 400 ? { headers: { Location: { required: true, schema: { type: 'string' } } } } : {}),
  ...(body === null
    ? {}
    : 'file' in body
      ? { content: Object.fromEntries(body.file.map((type) => [type, {}])) }
      : { content: { 'application/json': { schema: schemaOf(body.json) } } }),
});

interface Route {
  method: string;
  path: string;
  checks: Validates[];
  answers: Responds[];
  docs: Documented | undefined;
}

const operationOf = ({ method, path: honoPath, checks, answers, docs }: Route, schemaOf: (schema: z.ZodType) => JsonSchema): Operation => {
  const parameters: Record<string, unknown>[] = [];
  const content: Record<string, { schema: JsonSchema }> = {};
  for (const { target, schema } of checks) {
    const place = PARAMETER_PLACES[target];
    if (place) parameters.push(...parametersOf(place, schema));
    const mediaType = BODY_TYPES[target];
    if (mediaType) content[mediaType] = { schema: requestJsonSchema(schema) };
  }
  // A path parameter no schema checks is still a required string.
  for (const name of paramNames(honoPath)) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  const validated = checks.length > 0;
  return {
    operationId: operationIdOf(method, honoPath),
    // A route without a `documented()` marker has neither; http/openapi.test.ts fails on it.
    ...(docs ? { summary: docs.summary, description: docs.description } : {}),
    tags: [tagOf(honoPath)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {}),
    responses: {
      ...Object.fromEntries(answers.map((answer) => [String(answer.status), responseOf(answer, schemaOf)])),
      // A route that declares no answer yet; http/openapi.test.ts fails on it.
      ...(answers.length === 0 ? { '2XX': { $ref: '#/components/responses/Success' } } : {}),
      ...(validated ? { '400': { $ref: '#/components/responses/ValidationFailed' } } : {}),
      '4XX': ERROR_RESPONSE,
      '5XX': ERROR_RESPONSE,
    },
  };
};

/** Only while some route declares no answer (then the test fails): an unused component is a lint warning. */
const SUCCESS = { description: 'Done (this route does not say with what yet).' };

const COMPONENTS = {
  responses: {
    ValidationFailed: {
      description: 'VALIDATION_FAILED: the request does not match the schemas above; `fields` names each field.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    Error: { description: 'A refusal or failure, in the shared error envelope.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  },
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer', description: 'The token sign-in answers.' },
    cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie the web app uses.' },
  },
};

/** The `#/components/schemas/` names a part of the document points at. */
const schemaRefsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(schemaRefsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMAS) ? [inner.slice(SCHEMAS.length)] : schemaRefsIn(inner),
  );
};

/**
 * The named schemas some operation or shared answer points at, directly or inside another: a DTO only an absent route
 * answers (the test card's result while Stripe takes the cards) is left out, not listed unused.
 */
const reachable = (named: Record<string, JsonSchema>, users: unknown) => {
  const kept = new Set<string>();
  const pending = schemaRefsIn(users);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (kept.has(name) || !Object.hasOwn(named, name)) continue;
    kept.add(name);
    pending.push(...schemaRefsIn(named[name]));
  }
  return Object.fromEntries(Object.entries(named).filter(([name]) => kept.has(name)));
};

/** What holds for every operation, said once: the operations' own descriptions say only their own. */
const INFO_DESCRIPTION = [
  'JSON under /api (docs/api.md, "API" and "The API described"), generated from the routes, the zod schemas they validate with and the text written beside each.',
  '',
  '**Signing in.** Sign-in and sign-up answer a session token: send it as `Authorization: Bearer <token>`, or let the browser send the HttpOnly session cookie they also set. A route that needs a session answers 401 `UNAUTHENTICATED` without a valid one; an admin route answers 403 `FORBIDDEN` to a customer. The role is read as stored now, not from the token.',
  '',
  '**Refusals.** Every 4xx and 5xx answers `{error: {code, message, fields?}}`: `code` is stable, `message` is for people, `fields` names each field that was refused. 400 `VALIDATION_FAILED` for a request that does not match the schemas; 415 `UNSUPPORTED_MEDIA_TYPE` for a body that is not JSON where JSON is expected; 413 `PAYLOAD_TOO_LARGE` above 64 kB (uploads and the catalogue import have their own limits); 403 `FORBIDDEN` for a cookie-authenticated write sent from another site; 429 `RATE_LIMITED` where a route says it counts; 503 `SERVICE_UNAVAILABLE` while a service outside the shop (the database, the payment provider) fails.',
  '',
  '**Lists** answer `{items, nextCursor}`: pass `nextCursor` back as `cursor` for the next page; `null` means the last.',
].join('\n');

/** The document for the routes under /api; `routes` is what Hono has registered (`app.routes`). */
export const buildOpenApiDocument = (routes: readonly RouterRoute[]): OpenApiDocument => {
  const byOperation = new Map<string, Route>();
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (!(METHODS as readonly string[]).includes(method) || !route.path.startsWith('/api/')) continue;
    const key = `${method} ${route.path}`;
    const entry: Route = byOperation.get(key) ?? { method, path: route.path, checks: [], answers: [], docs: undefined };
    const checks = validatesOf(route.handler);
    if (checks) entry.checks.push(checks);
    const answer = respondsOf(route.handler);
    if (answer) entry.answers.push(answer);
    entry.docs ??= documentedOf(route.handler);
    byOperation.set(key, entry);
  }
  const used = [...byOperation.values()].flatMap(({ answers }) => answers.flatMap(({ body }) => (body && 'json' in body ? [body.json] : [])));
  const { named, schemaOf } = answerSchemas(used);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of byOperation.values()) {
    tags.add(tagOf(route.path));
    (paths[openApiPath(route.path)] ??= {})[route.method] = operationOf(route, schemaOf);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bulkhead API',
      version: packageJson.version,
      description: INFO_DESCRIPTION,
    },
    // Relative: the document describes the server that answers it, whatever its host (PUBLIC_URL, a test port, a proxy).
    servers: [{ url: '/', description: 'This server.' }],
    tags: [...tags].sort().map((name) => ({ name, ...(Object.hasOwn(TAG_DESCRIPTIONS, name) ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas: reachable(named, [paths, COMPONENTS.responses]),
      ...COMPONENTS,
      responses: { ...COMPONENTS.responses, ...([...byOperation.values()].some(({ answers }) => answers.length === 0) ? { Success: SUCCESS } : {}) },
    },
    // Public routes need neither; the others answer 401 without one of them.
    security: [{}, { bearer: [] }, { cookie: [] }],
  };
};
