import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusResult, focusWasLost } from '../../lib/focus-result.ts';
import { labels } from '../../lib/labels.ts';
import { buttonClass } from './button.tsx';

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
  trigger: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const landings = useRef<HTMLElement[] | null>(null);
  useEffect(
    () => () => {
      // Runs after React removed the trigger; only a confirmed action whose focus was lost moves it.
      if (!landings.current || !focusWasLost()) return;
      focusResult(landings.current.find((heading) => heading.isConnected));
    },
    [],
  );
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild ref={triggerRef}>
        {trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{labels.areYouSure}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('ghost')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass('danger')}
              onClick={() => {
                landings.current = landingsFor(triggerRef.current);
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
