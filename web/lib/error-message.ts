/**
 * The one place the web turns a failed call into words. Every toast, inline alert, error page
 * and form refusal asks here, so a refusal reads the same wherever it surfaces and a server
 * failure never shows a raw status.
 */
import { webMessages } from './web-messages.ts';
import { ApiError, isSessionRefusal } from './api.ts';

/**
 * What to tell the user about `error`: the server's own sentence when it explains itself (a
 * refusal, or an outside service being down), otherwise `fallback` (the page's own words for
 * "that did not work"). A failure that wraps another as its `cause` (an image upload before a
 * save) is told by that cause.
 */
export function errorMessage(error: unknown, fallback: string = webMessages.serverError): string {
  if (error instanceof ApiError) return error.explainsItself ? error.message : fallback;
  if (error instanceof Error && error.cause !== undefined) return errorMessage(error.cause, fallback);
  return fallback;
}

/** A refusal split for a form: messages by the API's field names, and the form-level message. */
export interface Refusal {
  fields: Record<string, string>;
  message: string;
}

export function refusalOf(error: unknown, fallback: string = webMessages.serverError): Refusal {
  if (error instanceof Error && !(error instanceof ApiError) && error.cause !== undefined) return refusalOf(error.cause, fallback);
  return { fields: error instanceof ApiError ? error.fields : {}, message: errorMessage(error, fallback) };
}

/**
 * A refusal that ended the session (lib/api.ts isSessionRefusal): lib/api.ts hands those to the
 * app's one listener (router.tsx), so pages say nothing more about them.
 */
export const endedTheSession = (error: unknown): boolean => error instanceof ApiError && isSessionRefusal(error.status, error.code);

/** The API's machine-readable code of a refusal (e.g. 'LINK_INVALID'), or null for anything else. */
export const refusalCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);

/** Whether the server said the thing asked for does not exist. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
