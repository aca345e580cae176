import { useSyncExternalStore } from 'react';
import type * as SonnerLibrary from 'sonner';

/**
 * The toast library loads on the first toast, not with every page (docs/storefront.md,
 * "First-load JavaScript"): `notify` queues its calls until sonner has arrived and then runs them
 * in order; sonner hands the toasts made before its Toaster subscribed to it when it does.
 */
type Sonner = typeof SonnerLibrary;
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const whenLoaded = new Set<() => void>();

/** Loads the toast library once; the Toaster on the page shows itself when it has. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then((library) => {
    sonner = library;
    for (const show of whenLoaded) show();
    return library;
  });
  return loading;
}

const withSonner = (run: (library: Sonner) => void): void => {
  if (sonner) run(sonner);
  else void loadToasts().then(run);
};

const onLoaded = (show: () => void) => {
  whenLoaded.add(show);
  return () => {
    whenLoaded.delete(show);
  };
};

/** The errors on screen, so a success can clear what it resolved. */
const shownErrors = new Set<string | number>();

/**
 * Toast rules of the UI contract: errors stay 4 s, successes 2 s, at most 20 visible. An error
 * repeated (the same words) replaces its earlier toast instead of stacking on it, and a success
 * clears the errors still showing: they were about what has now worked.
 */
export const notify = {
  success: (message: string): void =>
    withSonner(({ toast }) => {
      for (const id of shownErrors) toast.dismiss(id);
      shownErrors.clear();
      toast.success(message, { duration: 2000 });
    }),
  error: (message: string, id: string = message): void =>
    withSonner(({ toast }) => {
      shownErrors.add(id);
      toast.error(message, { duration: 4000, id, onDismiss: () => shownErrors.delete(id), onAutoClose: () => shownErrors.delete(id) });
    }),
};

/** Just below the brand bar (taller on a phone, where the search box sits under it), so a toast never hides it. */
export const TOAST_OFFSET = { top: 76 } as const;
export const TOAST_OFFSET_PHONE = { top: 120 } as const;

/** Nothing until the first toast has loaded the library (nothing to show before it either). */
export function Toaster() {
  // Never loaded on the server, nor while hydrating: the page the server sent had no toasts.
  const library = useSyncExternalStore(
    onLoaded,
    () => sonner,
    () => undefined,
  );
  if (!library) return null;
  const { Toaster: SonnerToaster } = library;
  return <SonnerToaster position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET_PHONE} visibleToasts={20} richColors closeButton />;
}
