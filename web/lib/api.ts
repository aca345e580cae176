/**
 * The shared fetch client of the API (http/dto.ts, http/README.md): JSON in and out, every refusal
 * as one `ApiError`, and a refused signed-in call handed to the app's one listener. The endpoints
 * themselves live with the feature that calls them (`features/<area>/api.ts`, web/README.md), or
 * in `lib/`/`components/` when several features share one. The session lives in an HttpOnly
 * cookie, so the browser sends it and this module never sees a token.
 */
import type { ErrorDto } from '#http/dto.ts';
import { serverError } from '#http/server-error-message.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /**
   * Whether the message tells the user something useful: a refusal (4xx) or an outside service
   * being down (503, 'try again in a few minutes'), or the payment provider refusing a refund (502
   * `REFUND_REFUSED` with its reason: docs/orders.md, "After the sale: cancel, refund, return"); a
   * plain server failure gets the page's own text.
   */
  get explainsItself(): boolean {
    return this.status < 500 || this.code === 'SERVICE_UNAVAILABLE' || this.code === 'REFUND_REFUSED';
  }
}

type UnauthorizedListener = (error: ApiError) => void;
let onSignedInCallRefused: UnauthorizedListener = () => {};

/**
 * Whether a refusal means the session is over: 401, or 403 FORBIDDEN (the role changed under us).
 * Other 403s (an admin cannot buy, the e-mail is not verified yet) are answers to show, not ends.
 */
export const isSessionRefusal = (status: number, code: string): boolean => status === 401 || (status === 403 && code === 'FORBIDDEN');

/**
 * How a call reaches the API: the browser's fetch, or on the server the app itself in-process
 * (web/entry-server.tsx), with no cookie, so a rendered page never holds anything personal.
 */
type Transport = (url: URL, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server render points every call at the app itself (web/README.md, "Server rendering"). */
export const setApiTransport = (send: Transport) => {
  transport = send;
};

/** The app registers the single reaction to a refused signed-in call (see isSessionRefusal). */
export const setUnauthorizedListener = (listener: UnauthorizedListener) => {
  onSignedInCallRefused = listener;
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** true for calls only a signed-in user makes; a session refusal there ends the session in the UI. */
  signedIn?: boolean;
  /** Cancels the request when a newer one replaces it (the query's own signal). */
  signal?: AbortSignal;
}

const toApiError = async (response: Response): Promise<ApiError> => {
  try {
    const json = (await response.json()) as Partial<ErrorDto>;
    if (json.error) {
      return new ApiError(response.status, json.error.code, json.error.message, json.error.fields ?? {});
    }
  } catch {
    // A body that is not our error JSON (proxy page, empty body) falls through to the generic text.
  }
  return new ApiError(response.status, 'HTTP_' + response.status, serverError);
};

/**
 * A refused call's error; a session refusal on a signed-in call also goes to the app's listener.
 * Exported for the one call that cannot use fetch (the catalogue import's XMLHttpRequest, for its progress).
 */
export const refusedCall = async (response: Response, signedIn: boolean): Promise<ApiError> => {
  const error = await toApiError(response);
  if (signedIn && isSessionRefusal(response.status, error.code)) onSignedInCallRefused(error);
  return error;
};

/** One call: the dto type `T` it answers, or a thrown `ApiError`; 202 and 204 answer undefined. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // An absolute URL keeps fetch happy outside the browser too (tests run Node's fetch).
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  const response = await transport(url, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await refusedCall(response, options.signedIn ?? false);
  if (response.status === 204 || response.status === 202) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `limit` and `cursor` of a `{items, nextCursor}` list (http/schemas.ts, listQuerySchema). */
export interface ListParams {
  limit?: number;
  cursor?: string | null;
}

/**
 * The query string of a call (`?a=1&b=x`, or '' when empty), in the order given: a value left
 * out, null, '' or false is not sent, so an unset filter never reaches the server. A list is sent
 * as the parameter repeated (`attr=a&attr=b`).
 */
export const queryString = (params: Record<string, string | number | boolean | readonly string[] | null | undefined>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (typeof value === 'object') for (const item of value) search.append(name, item);
    else search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A list's page of `path`: its limit and cursor, then any filters. */
export const listPath = (path: string, { limit, cursor }: ListParams, filters: Record<string, string | boolean | undefined> = {}) =>
  `${path}${queryString({ limit, cursor, ...filters })}`;

/** An id as one path segment. */
export const pathId = (value: string) => encodeURIComponent(value);
