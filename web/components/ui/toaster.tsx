import { Toaster as Sonner, toast } from 'sonner';

/** Toast rules of the UI contract: errors stay 4 s, successes 2 s, at most 20 visible. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  error: (message: string, id?: string) => toast.error(message, { duration: 4000, id }),
};

/** Just below the brand bar (taller on a phone, where the search box sits under it), so a toast never hides it. */
export const TOAST_OFFSET = { top: 76 } as const;
export const TOAST_OFFSET_PHONE = { top: 120 } as const;

export function Toaster() {
  return <Sonner position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET_PHONE} visibleToasts={20} richColors closeButton />;
}
