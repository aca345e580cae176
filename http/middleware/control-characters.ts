import { createMiddleware } from 'hono/factory';
import { messages } from '../messages.ts';
import { invalidFields, problemOf } from '../problem.ts';

/**
 * Text no field of the shop can hold (docs/security.md): PostgreSQL refuses U+0000 in a text
 * value outright (the query fails, which used to be a 500 with a stack trace in the error log), a
 * lone UTF-16 surrogate cannot be written as UTF-8 at all (it would be stored as U+FFFD, silently
 * changed), and the other C0 control characters and DEL mean nothing in an id or any text.
 * Tab, line feed and carriage return are the exception outside the path: notes, messages,
 * addresses and descriptions are multi-line texts, and a SKU pasted from a spreadsheet into the
 * search box brings its tab along (the search cuts text into words). A name refuses them too, by
 * the domain's own rule (domain/identity/credentials-rules.ts).
 */
const PATH_CONTROLS = /[\u0000-\u001f\u007f]|\p{Cs}/u;
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;

/**
 * `%00`, `%1F`, `%7F` and the like in the path as sent: Hono decodes a path parameter only when
 * the route reads it, so the path is checked both as sent and decoded.
 */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    // Malformed escapes (`%E0`, an encoded surrogate) stay as sent: they match no id either.
    return text;
  }
};

/** How much of a path names a field: `lines.2.productId` at most. */
const NAMED_DEPTH = 3;

/**
 * Where a parsed JSON body holds text it cannot hold: the first offending string or key under each
 * top-level field (`lines.2.productId` inside an order's lines, as the validator names them),
 * `body` for a bare string.
 */
export const controlCharacterFields = (body: unknown): Record<string, string> => {
  const fields: Record<string, string> = {};
  // A walk with its own stack: a body may be nested thousands of levels deep. Each entry keeps only
  // the first NAMED_DEPTH steps of its path, all fieldName reads: copying the whole path at every
  // level cost the square of the depth (seconds of CPU for a 40 kB body of nested brackets).
  const pending: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  const deeper = (path: string[], step: string) => (path.length < NAMED_DEPTH ? [...path, step] : path);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (TEXT_CONTROLS.test(value)) fields[fieldName(path)] ??= messages.unstorableText;
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => pending.push({ value: item, path: deeper(path, String(index)) }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (TEXT_CONTROLS.test(key)) fields[fieldName(path.length === 0 ? ['body'] : path)] ??= messages.unstorableText;
        else pending.push({ value: item, path: deeper(path, key) });
      }
    }
  }
  return fields;
};

/** The field a problem is reported on, as `fieldsOf` (http/validation.ts) names zod's. */
const fieldName = (path: string[]): string => {
  const [first] = path;
  if (first === undefined) return 'body';
  return first === 'lines' && path.length > 1 ? path.slice(0, NAMED_DEPTH).join('.') : first;
};

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The body as JSON, or undefined when it is not (the route's own `jsonBody` says why). */
const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The one check every path, query and JSON body of the API goes through, before any route, so a
 * new route cannot forget it: a path segment with a control character is an id that cannot
 * exist (404); a query parameter or a body field holding one (but tab and line breaks) or a lone
 * surrogate is a 400 VALIDATION_FAILED naming the field. The body is read as text (Hono keeps it, and the route's own `jsonBody` parses that
 * again and answers 415/400 for what is not JSON); `skipBody` names the endpoints whose bodies are
 * not JSON: the Stripe webhook's raw bytes (judged by their signature), uploads and the catalogue file.
 */
export const refuseControlCharacters = (skipBody: (path: string) => boolean) =>
  createMiddleware(async (c, next) => {
    const path = c.req.path;
    if (ENCODED_CONTROL.test(path) || PATH_CONTROLS.test(decoded(path))) return problemOf(c, 'NOT_FOUND', messages.notFound);

    if (c.req.url.includes('?')) {
      const fields: Record<string, string> = {};
      for (const [key, values] of Object.entries(c.req.queries())) {
        const name = TEXT_CONTROLS.test(key) ? 'query' : key;
        if (name === 'query' || values.some((value) => TEXT_CONTROLS.test(value))) fields[name] ??= messages.unstorableText;
      }
      if (Object.keys(fields).length > 0) return invalidFields(c, fields);
    }

    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && !skipBody(path) && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      const fields = controlCharacterFields(parsedJson(await c.req.text()));
      if (Object.keys(fields).length > 0) return invalidFields(c, fields);
    }
    await next();
  });
