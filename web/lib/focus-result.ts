import { useEffect, useRef } from 'react';

/**
 * The one way an in-page action hands the focus on (web/README.md, "Decisions"): the control the
 * user acted with is often gone or disabled afterwards (a placed order's form, a shipped order's
 * Ship button, a card form waiting for the provider), and the browser then drops focus to
 * `<body>`, where a keyboard user starts again from the top and a screen reader says nothing. The
 * focus goes instead to what says the result (a status or alert region, so it is announced) or to
 * the next sensible control. An element that is not focusable by nature gets `tabindex="-1"`:
 * focusable by script, not a tab stop. Returns whether the element took the focus.
 */
export function focusResult(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
  return document.activeElement === element;
}

/** Whether focus was dropped: on `<body>`, nowhere, or on an element no longer in the page. */
export const focusWasLost = (): boolean => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * A ref for the element that says an action's result, focused by `focusResult` each time `when`
 * turns truthy or changes to another truthy value: `true` for a panel that appears with the
 * result (mounted when the order is placed), a refusal's message, a count of refusals.
 */
export function useFocusResult<T extends HTMLElement>(when: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) focusResult(ref.current);
  }, [when]);
  return ref;
}
