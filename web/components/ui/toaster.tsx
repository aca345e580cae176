import { Toaster as Sonner, toast } from 'sonner';

/** Toast rules of the UI contract: errors stay 4 s, successes 2 s, at most 20 visible. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  error: (message: string, id?: string) => toast.error(message, { duration: 4000, id }),
};

export function Toaster() {
  return <Sonner position="top-center" visibleToasts={20} richColors closeButton />;
}
