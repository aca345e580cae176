import type { AnyFormApi } from '@tanstack/react-form';
import { webMessages } from '../../lib/web-messages.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { notify } from '../ui/toaster.tsx';

/**
 * A step before the save proper failed, and its refusal belongs under one field: an image
 * upload's "too large" or "not an image" goes under the image box.
 */
export class StepFailed extends Error {
  constructor(
    readonly field: string,
    cause: unknown,
  ) {
    super(`${field} step failed`, { cause });
    this.name = 'StepFailed';
  }
}

/**
 * The one way a form of the form hook (form-hook.tsx) shows a server refusal: the API's `fields`
 * messages go on the form's fields as their server error (renamed where the form calls a field
 * differently, e.g. priceCents → price), so each shows under its field until that field is edited;
 * every other field's earlier server error is cleared; the form-level message is a toast.
 * `fallback` is the form's own words when the server did not explain itself.
 */
export function showRefusal(
  form: AnyFormApi,
  error: unknown,
  { fallback = webMessages.serverError, rename = {} }: { fallback?: string; rename?: Partial<Record<string, string>> | ((apiName: string) => string) } = {},
): void {
  const refusal = refusalOf(error, fallback);
  const byApiName = error instanceof StepFailed ? { [error.field]: refusal.message } : refusal.fields;
  const formName = typeof rename === 'function' ? rename : (key: string) => rename[key] ?? key;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(byApiName)) fields[formName(key)] = message;
  form.setErrorMap({ onServer: { form: refusal.message, fields } });
  notify.error(refusal.message);
}
