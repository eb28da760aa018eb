import { useEffect, useRef, useState } from 'react';
import { errorDetail } from '../../lib/api-client';
import type { Notice } from './Banner';
import { useReturnFocus } from './useReturnFocus';

/**
 * A panel a button opens on a list screen (the add/edit form, the composer): opening clears the
 * screen's notice and remembers where focus was; closing puts focus back there, or on the
 * opening button when that element has gone (a saved edit re-renders its row).
 */
export function useOpenPanel<State>(
  clearNotice: () => void,
  /** The panel to start with, such as a form reopened with what was typed before a sign-out. */
  initial: () => State | null = () => null,
) {
  const [panel, setPanel] = useState<State | null>(initial);
  const { remember, restore } = useReturnFocus();
  const opener = useRef<HTMLButtonElement>(null);

  function open(next: State) {
    clearNotice();
    remember();
    setPanel(next);
  }

  function close() {
    setPanel(null);
    restore(opener.current);
  }

  return { panel, open, close, opener, setPanel };
}

/** What a list screen says when its add or edit form has saved, or could not. */
export interface SaveTexts {
  added: string;
  updated: string;
  addFailed: string;
  updateFailed: string;
}

/**
 * The add or edit form's outcome as the screen shows it: a success closes the form and says
 * so, a failure says what went wrong and leaves the form open.
 */
export function saveOutcome(
  show: (notice: Notice) => void,
  close: () => void,
  editing: boolean,
  saveTexts: SaveTexts,
) {
  return {
    onSaved: () => {
      show({ tone: 'success', message: editing ? saveTexts.updated : saveTexts.added });
      close();
    },
    onFailed: (error: unknown) =>
      show({
        tone: 'error',
        message: editing ? saveTexts.updateFailed : saveTexts.addFailed,
        detail: errorDetail(error),
      }),
  };
}

/** How one deletion went, as a mutation's callbacks report it (TanStack Query's `mutate`). */
interface DeleteCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export interface ConfirmedDeleteOptions<Item extends { id: number }> {
  remove: (id: number, callbacks: DeleteCallbacks) => void;
  show: (notice: Notice) => void;
  /** The spec's texts for the outcome. */
  deleted: string;
  deleteFailed: string;
  /** After a deletion succeeded, before the notice (e.g. close a form editing that item). */
  onDeleted?: (item: Item) => void;
  /** Puts a deleted item back; the success notice then offers it as its Undo button. */
  undo?: { label: string; run: (item: Item) => void };
}

/**
 * Deleting a list item after the person confirms it: the item awaiting confirmation, the
 * success or failure notice with the server's reason, and focus on the list's heading once the
 * deleted row (and the button that had focus) is gone.
 */
export function useConfirmedDelete<Item extends { id: number }>({
  remove,
  show,
  deleted,
  deleteFailed,
  onDeleted,
  undo,
}: ConfirmedDeleteOptions<Item>) {
  const [deleting, setDeleting] = useState<Item | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [deletedCount, setDeletedCount] = useState(0);

  useEffect(() => {
    if (deletedCount > 0) listHeading.current?.focus();
  }, [deletedCount]);

  function confirmDelete(item: Item) {
    remove(item.id, {
      onSuccess: () => {
        onDeleted?.(item);
        setDeleting(null);
        show({
          tone: 'success',
          message: deleted,
          action: undo && { label: undo.label, onClick: () => undo.run(item) },
        });
        setDeletedCount((count) => count + 1);
      },
      onError: (error) => {
        setDeleting(null);
        show({ tone: 'error', message: deleteFailed, detail: errorDetail(error) });
      },
    });
  }

  return {
    deleting,
    askToDelete: (item: Item) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    listHeading,
  };
}
