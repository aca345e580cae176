import { AlertDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { labels } from '../../lib/labels.ts';
import { buttonClass } from './button.tsx';

/**
 * The "Are you sure?" box itself (radix AlertDialog), loaded the first time a ConfirmDialog's
 * trigger is pressed (web/components/ui/confirm-dialog.tsx, docs/storefront.md "First-load
 * JavaScript"). Closing gives focus back to the trigger.
 */
export default function ConfirmDialogBox({
  open,
  onOpenChange,
  trigger,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLElement | null>;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{labels.areYouSure}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('ghost')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('danger')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
