import { cloneElement, type MouseEvent, type ReactElement, type Ref } from 'react';

/** What a dialog adds to the trigger its caller passes in: the press that opens it, and what it says to assistive technology. */
export interface TriggerProps {
  ref?: Ref<HTMLButtonElement>;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
}

/**
 * The caller's trigger (each keeps its own accessible name) as the opener of a dialog whose code
 * loads on first use (ConfirmDialog, FormDialog): the trigger's own click runs, then `onOpen`.
 */
export const dialogTrigger = (trigger: ReactElement<TriggerProps>, ref: Ref<HTMLButtonElement>, open: boolean, onOpen: () => void) =>
  cloneElement(trigger, {
    ref,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    onClick: (event) => {
      trigger.props.onClick?.(event);
      onOpen();
    },
  });
