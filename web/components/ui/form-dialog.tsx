import { createContext, lazy, Suspense, useContext, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { buttonClass } from './button.tsx';
import { dialogTrigger, type TriggerProps } from './dialog-trigger.ts';

/** The dialog (radix Dialog) loads the first time it opens: most visits of a list open none. */
const FormDialogBox = lazy(() => import('./form-dialog-box.tsx'));

/** How FormDialogActions' Cancel closes the dialog it is in. */
const CloseDialog = createContext<() => void>(() => undefined);

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
  trigger: ReactElement<TriggerProps>;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so closing keeps radix's closing of the box.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <>
      {dialogTrigger(trigger, triggerRef, open, () => onOpenChange(true))}
      {opened ? (
        <Suspense fallback={null}>
          <CloseDialog value={() => onOpenChange(false)}>
            <FormDialogBox open={open} onOpenChange={onOpenChange} trigger={triggerRef} title={title} description={description} onCloseAutoFocus={onCloseAutoFocus}>
              {children}
            </FormDialogBox>
          </CloseDialog>
        </Suspense>
      ) : null}
    </>
  );
}

/** The form's last row: Cancel (closes the dialog, doing nothing) beside the caller's submit button. */
export function FormDialogActions({ children }: { children: ReactNode }) {
  const close = useContext(CloseDialog);
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <button type="button" className={buttonClass('ghost')} onClick={close}>
        Cancel
      </button>
      {children}
    </div>
  );
}
