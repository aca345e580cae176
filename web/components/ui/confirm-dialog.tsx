import { lazy, Suspense, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { focusResult, focusWasLost } from '../../lib/focus-result.ts';
import { dialogTrigger, type TriggerProps } from './dialog-trigger.ts';

/** The dialog (radix AlertDialog) loads the first time a trigger is pressed: most visits of a list confirm nothing. */
const ConfirmDialogBox = lazy(() => import('./confirm-dialog-box.tsx'));

/** The headings a confirmed action's result may be read from, nearest first. */
const landingsFor = (trigger: HTMLElement | null): HTMLElement[] =>
  [
    trigger?.closest('article')?.querySelector<HTMLElement>('h2, h3'),
    trigger?.closest('section')?.querySelector<HTMLElement>('h1, h2'),
    document.querySelector<HTMLElement>('main h1'),
  ].filter((heading): heading is HTMLElement => heading != null);

/**
 * An "Are you sure?" confirmation before anything irreversible (delete, ship). The
 * trigger is passed in so each table keeps its own accessible button name.
 *
 * Focus goes back to the trigger on closing. When the confirmed action takes the trigger away (a
 * deleted row, a declined quote's buttons) focus would fall to `<body>`; it goes instead to the
 * nearest heading still there (the card's, the list's, the page's), which says where the user is,
 * beside the toast that says what happened (web/README.md, "Decisions").
 */
export function ConfirmDialog({
  trigger,
  description,
  confirmLabel,
  onConfirm,
}: {
  trigger: ReactElement<TriggerProps>;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const landings = useRef<HTMLElement[] | null>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing keeps radix's closing of the box.
  const [wanted, setWanted] = useState(false);
  useEffect(
    () => () => {
      // Runs after React removed the trigger; only a confirmed action whose focus was lost moves it.
      if (!landings.current || !focusWasLost()) return;
      focusResult(landings.current.find((heading) => heading.isConnected));
    },
    [],
  );
  return (
    <>
      {dialogTrigger(trigger, triggerRef, open, () => {
        setWanted(true);
        setOpen(true);
      })}
      {wanted ? (
        <Suspense fallback={null}>
          <ConfirmDialogBox
            open={open}
            onOpenChange={setOpen}
            trigger={triggerRef}
            description={description}
            confirmLabel={confirmLabel}
            onConfirm={() => {
              landings.current = landingsFor(triggerRef.current);
              onConfirm();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
