import type { FormEvent } from 'react';

/** Waits for React to paint the field messages the submit produced. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * A TanStack form's `<form onSubmit>`: no page reload; the form checks its fields and submits.
 * When the submit leaves a field refused (by the browser's check or by the server), focus goes to
 * the first such field, so a keyboard or screen-reader user lands on what needs fixing.
 */
export const submitWithoutReload =
  (form: { handleSubmit: () => Promise<unknown> }) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const element = event.currentTarget;
    void form
      .handleSubmit()
      .then(afterPaint)
      .then(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
