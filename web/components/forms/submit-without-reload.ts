import type { FormEvent } from 'react';
import { focusResult, focusWasLost } from '../../lib/focus-result.ts';

/** Waits for React to paint the field messages the submit produced. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * A TanStack form's `<form onSubmit>`: no page reload; the form checks its fields and submits.
 * When the submit leaves a field refused (by the browser's check or by the server), focus goes to
 * the first such field, so a keyboard or screen-reader user lands on what needs fixing. A refusal
 * that names no field (said in a toast) leaves the focus where it was, except that the submit
 * button, disabled while the form was sent, lost it to `<body>` in the browser: it goes back to
 * that button, the next sensible control (web/README.md, "Decisions").
 */
export const submitWithoutReload =
  (form: { handleSubmit: () => Promise<unknown> }) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const element = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void form
      .handleSubmit()
      .then(afterPaint)
      .then(() => {
        const refused = element.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (refused) refused.focus();
        else if (focusWasLost() && submitter instanceof HTMLElement && !submitter.matches(':disabled')) focusResult(submitter);
      });
  };
