import { cloneElement, createContext, lazy, Suspense, useContext, useRef, useState, type MouseEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { buttonClass } from './button.tsx';

/** The dialog (radix Dialog) loads the first time it opens: most visits of a list open none. */
const FormDialogBox = lazy(() => import('./form-dialog-box.tsx'));

/** How FormDialogActions' Cancel closes the dialog it is in. */
const CloseDialog = createContext<() => void>(() => undefined);

/** What FormDialog adds to its trigger: the press that opens it, and what it says to assistive technology. */
interface TriggerProps {
  ref?: Ref<HTMLButtonElement>;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
}

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
      {cloneElement(trigger, {
        ref: triggerRef,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: (event) => {
          trigger.props.onClick?.(event);
          onOpenChange(true);
        },
      })}
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
