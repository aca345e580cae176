import type { FormEvent } from 'react';

/** A TanStack form's `<form onSubmit>`: no page reload; the form checks its fields and submits. */
export const submitWithoutReload =
  (form: { handleSubmit: () => Promise<unknown> }) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void form.handleSubmit();
  };
