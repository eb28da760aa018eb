import { useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';
import { useFocusTrap } from './useFocusTrap';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called on Escape; the caller's own cancel button calls it too. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons row under the body. */
  actions: ReactNode;
}

/**
 * A modal dialog: the page behind it is inert, focus stays inside while it is open and goes
 * back to where it was (usually the button that opened it) when it closes.
 */
export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // Declared before the focus trap on purpose, and of the trap's kind: effects clean up in
  // order, so the page is focusable again by the time the trap gives focus back to the element
  // that opened the dialog.
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (!open || !root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [open]);
  useFocusTrap(panel, open, onClose);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/50 backdrop-blur-sm" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-glass animate-fade-in-up dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="font-display text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {children}
        </div>
        <div className="mt-6 flex justify-end gap-3">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, such as the spec's 'Are you sure you want to delete this student?'. */
  message: string;
  /** What else the person should know before answering, below the question. */
  note?: string | undefined;
  confirmLabel: string;
  cancelLabel?: string;
  /** Keeps the dialog open with its confirm button busy while the action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes-or-no question before a destructive action; Cancel has focus first, so Enter is safe. */
export function ConfirmDialog({
  open,
  title,
  message,
  note,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={busy ? () => undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      {note && <p className="mt-2">{note}</p>}
    </Dialog>
  );
}
