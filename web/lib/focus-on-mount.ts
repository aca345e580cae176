import { useEffect, useRef } from 'react';

/**
 * For a panel that replaces the form the user was in (an order placed, a payment made): the
 * focused field is gone, so focus would drop to the page's body; it goes to the panel instead, so
 * a keyboard user continues from what happened and a screen reader reads it. The panel needs
 * `tabIndex={-1}`.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
