import type { z } from 'zod';
import { fieldProblemText } from './messages.ts';
import type { FieldProblem } from '#domain/shared/field-problem.ts';

type Check = (input: { value: unknown }) => string | undefined;

/**
 * Turns one zod schema into a TanStack Form field check that returns the catalogue message of
 * the first problem, so the form shows exactly what the server would answer.
 */
export const validateWith =
  (schema: z.ZodType): Check =>
  ({ value }) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

/**
 * A domain check (`emailProblem`, `phoneProblem`, … — the same function the server's request
 * schema calls) as a TanStack Form field check: the problem in the catalogue's words, as the
 * server would answer it, or nothing when the check passes.
 */
export const checkWith =
  <T>(problem: (value: T) => FieldProblem | null) =>
  ({ value }: { value: T }): string | undefined => {
    const found = problem(value);
    return found === null ? undefined : fieldProblemText(found);
  };

/**
 * One check, registered as the field's change validator: TanStack Form also runs it on submit,
 * and checkOnBlur runs it when the user leaves the field. Keeping a single error slot matters:
 * a separate blur error would stay until the next blur, so the message would vanish (and the
 * layout shift under the pointer) on the way to the submit button instead of while typing.
 * Errors are only shown once the user has left the field or tried to submit (see fieldError).
 */
export const checkOnChangeBlurSubmit = <C>(check: C) => ({ onChange: check });

/** The blur handler to pair with checkOnChangeBlurSubmit: marks the field left and checks it. */
export const checkOnBlur =
  (field: { handleBlur: () => void; validate: (cause: 'change') => unknown }) =>
  (): void => {
    field.handleBlur();
    void field.validate('change');
  };

interface FieldLike {
  state: { meta: { errors: unknown[]; isBlurred?: boolean } };
  form: { state: { submissionAttempts: number } };
}

/** The first error of a field, shown once the user has left it or tried to submit. */
export const fieldError = (field: FieldLike): string | undefined => {
  if (!field.state.meta.isBlurred && field.form.state.submissionAttempts === 0) return undefined;
  return firstError(field.state.meta);
};

export const firstError = (meta: { errors: unknown[] }): string | undefined => {
  const [first] = meta.errors;
  return typeof first === 'string' ? first : undefined;
};
