import { useState } from 'react';
import { useFocusResult } from '../../lib/focus-result.ts';

/**
 * A form dialog's refusal (the server said no, or nothing was chosen), shown inside the dialog
 * rather than only as a toast behind it: announced, and focused when it appears so a keyboard
 * user is on it and reads it first.
 */
export function DialogRefusal({ message }: { message: string | null }) {
  const ref = useFocusResult<HTMLParagraphElement>(message);
  if (message === null) return null;
  return (
    <p ref={ref} role="alert" tabIndex={-1} className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 focus:outline-2 focus:outline-red-700">
      {message}
    </p>
  );
}

/**
 * A form dialog's open state and its refusal: closing the dialog forgets both what was typed and
 * the refusal, so it opens fresh next time.
 */
export function useRefusableDialog() {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onOpenChangeResetting = (reset: () => void) => (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setRefusal(null);
    }
  };
  return { open, setOpen, refusal, setRefusal, onOpenChangeResetting };
}
