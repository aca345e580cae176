import type { ReactNode, RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '../../components/ui/button.tsx';

/**
 * The catalogue's departments and filters in a sheet from the bottom, below 1024 px
 * (docs/storefront.md, "The catalogue on a phone"): its button counts what the choices show and
 * closes it, and the focus goes back to the control that opened it.
 */
export default function FilterSheet({
  open,
  onOpenChange,
  trigger,
  showLabel,
  busy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLAnchorElement | null>;
  showLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-bold text-slate-900">Departments and filters</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm font-semibold text-slate-900 underline focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">
              Close
            </Dialog.Close>
          </div>
          <div className="flex-1 space-y-6 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-slate-200 p-4">
            <Dialog.Close asChild>
              <Button className="w-full" aria-busy={busy || undefined}>
                {showLabel}
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
