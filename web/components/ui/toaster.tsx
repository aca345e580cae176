import { Toaster as Sonner, toast } from 'sonner';

/** The errors on screen, so a success can clear what it resolved. */
const shownErrors = new Set<string | number>();

/**
 * Toast rules of the UI contract: errors stay 4 s, successes 2 s, at most 20 visible. An error
 * repeated (the same words) replaces its earlier toast instead of stacking on it, and a success
 * clears the errors still showing: they were about what has now worked.
 */
export const notify = {
  success: (message: string) => {
    for (const id of shownErrors) toast.dismiss(id);
    shownErrors.clear();
    return toast.success(message, { duration: 2000 });
  },
  error: (message: string, id: string = message) => {
    shownErrors.add(id);
    return toast.error(message, { duration: 4000, id, onDismiss: () => shownErrors.delete(id), onAutoClose: () => shownErrors.delete(id) });
  },
};

/** Just below the brand bar (taller on a phone, where the search box sits under it), so a toast never hides it. */
export const TOAST_OFFSET = { top: 76 } as const;
export const TOAST_OFFSET_PHONE = { top: 120 } as const;

export function Toaster() {
  return <Sonner position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET_PHONE} visibleToasts={20} richColors closeButton />;
}
