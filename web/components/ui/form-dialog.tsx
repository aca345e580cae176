import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClass } from './button.tsx';

/**
 * A dialog that asks for a few fields before an action (ship an order, request a quote): the
 * trigger, a title, a sentence of context, then the caller's form. Closing it (Esc, Cancel, the
 * overlay) calls `onOpenChange(false)`, where the caller resets its form.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  onCloseAutoFocus,
}: {
  /**
   * Where focus goes on closing; by default back to the trigger. A caller whose action removes the
   * trigger calls `event.preventDefault()` and focuses what explains the result, never `<body>`.
   */
  onCloseAutoFocus?: (event: Event) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form's last row: Cancel (closes the dialog, doing nothing) beside the caller's submit button. */
export function FormDialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <Dialog.Close className={buttonClass('ghost')}>Cancel</Dialog.Close>
      {children}
    </div>
  );
}
