import { useEffect, useRef } from 'react';

/**
 * A form dialog's refusal (the server said no, or nothing was chosen), shown inside the dialog
 * rather than only as a toast behind it: announced, and focused when it appears so a keyboard
 * user is on it and reads it first.
 */
export function DialogRefusal({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message !== null) ref.current?.focus();
  }, [message]);
  if (message === null) return null;
  return (
    <p ref={ref} role="alert" tabIndex={-1} className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 focus:outline-2 focus:outline-red-700">
      {message}
    </p>
  );
}
