import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import packageJson from '../package.json' with { type: 'json' };
import { SESSION_COOKIE } from './middleware/session.ts';
import { documentedInputs } from './schemas.ts';
import { validatesOf, type Validates } from './validation.ts';

/**
 * The API described (README.md, "The API described"): an OpenAPI 3.1 document worked out from the
 * routes the app has registered, never written by hand. Each operation's path, query and header
 * parameters and its JSON body come from the very zod schemas its `validate()` middlewares check
 * (read back from the route's handlers), converted with `z.toJSONSchema` in its input mode: what
 * a client may send, before defaults and transforms.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
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

const operationOf = (method: string, honoPath: string, checks: Validates[]): Operation => {
  const parameters: Record<string, unknown>[] = [];
  const content: Record<string, { schema: JsonSchema }> = {};
  let paged = false;
  for (const { target, schema } of checks) {
    if (target === 'query' && PAGE_QUERY.every((name) => parametersOf('query', schema).some((parameter) => parameter.name === name))) paged = true;
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
    tags: [tagOf(honoPath)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {}),
    responses: {
      ...(paged ? { '200': { $ref: '#/components/responses/Page' } } : {}),
      ...(RESPONSES[`${method} ${honoPath}`] ?? {}),
      '2XX': { $ref: '#/components/responses/Success' },
      ...(validated ? { '400': { $ref: '#/components/responses/ValidationFailed' } } : {}),
      '4XX': ERROR_RESPONSE,
      '5XX': ERROR_RESPONSE,
    },
  };
};

/** A route whose query takes these answers a page (README.md, "API": every list is a page). */
const PAGE_QUERY = ['limit', 'cursor'];
const PAGE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: {
    items: { type: 'array', items: { type: 'object' } },
    nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last.' },
  },
};

/** Answers described beyond the generic success, by `method path` as Hono registers it. */
const RESPONSES: Record<string, Record<string, unknown>> = {
  'get /api/health': {
    '200': { description: 'The store answers.', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } } } } },
    '503': { description: 'The store does not answer.', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'unavailable' } } } } } },
  },
};

/** The error envelope every refusal shares (http/problem.ts). */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A stable, machine-readable code: VALIDATION_FAILED, NOT_FOUND, ...' },
        message: { type: 'string', description: 'Text for people, from the message catalogue.' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'A message per field the request got wrong.' },
      },
    },
  },
};

const COMPONENTS = {
  schemas: { Error: ERROR_SCHEMA, Page: PAGE_SCHEMA },
  responses: {
    Page: { description: 'A page of the list, newest first.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } },
    Success: { description: 'Done: JSON (a `{items, nextCursor}` page for lists), or a file for the PDF and CSV routes.' },
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

/** The document for the routes under /api; `routes` is what Hono has registered (`app.routes`). */
export const buildOpenApiDocument = (routes: readonly RouterRoute[]): OpenApiDocument => {
  const byOperation = new Map<string, { method: string; path: string; checks: Validates[] }>();
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (!(METHODS as readonly string[]).includes(method) || !route.path.startsWith('/api/')) continue;
    const key = `${method} ${route.path}`;
    const entry = byOperation.get(key) ?? { method, path: route.path, checks: [] };
    const checks = validatesOf(route.handler);
    if (checks) entry.checks.push(checks);
    byOperation.set(key, entry);
  }
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const { method, path, checks } of byOperation.values()) {
    tags.add(tagOf(path));
    (paths[openApiPath(path)] ??= {})[method] = operationOf(method, path, checks);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bulkhead API',
      version: packageJson.version,
      description: 'JSON under /api (README.md, "API"). Generated from the routes and the zod schemas they validate with.',
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: COMPONENTS,
    // Public routes need neither; the others answer 401 without one of them.
    security: [{}, { bearer: [] }, { cookie: [] }],
  };
};
