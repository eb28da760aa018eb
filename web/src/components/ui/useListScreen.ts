import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { appTexts } from '@um/contract';
import { errorDetail } from '../../lib/api-client';
import { useStoredSession } from '../../lib/session';
import { useNotice } from './Banner';
import { keptDraft } from './useUnsavedForm';
import { useReturnFocus } from './useReturnFocus';

/**
 * A list screen's query as TanStack Query reports it: one that holds every item (the
 * standards), or one read page after page through the API's cursor (students, messages, bin).
 */
export interface ListQuery<Item> {
  data: Item[] | InfiniteData<{ data: Item[] }> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a mutation's `mutate` takes and reports, as TanStack Query's does. */
export interface Mutation<Variables> {
  mutate: (
    variables: Variables,
    callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

export interface ListScreenOptions<Item extends { id: number }> {
  list: ListQuery<Item>;
  /** The id of the panel that holds the screen's add or edit form, which its button controls. */
  formId?: string;
  /**
   * The form's scope in useUnsavedForm: a form the session ended under opens again, with what
   * was typed, once the same person is back.
   */
  formScope?: string;
  /** Deleting an item once the person confirms it, with the spec's texts for the outcome. */
  remove?: {
    mutation: Mutation<number>;
    deleted: string;
    deleteFailed: string;
    /** Puts a deleted item back from the bin: the success notice offers it as its Undo. */
    restore?: { mutation: Mutation<number>; restored: string };
  };
}

/** What a list screen says when its add or edit form has saved, or could not. */
export interface SaveTexts {
  added: string;
  updated: string;
  addFailed: string;
  updateFailed: string;
}

/** The items of a list query, however it was read. */
function listRows<Item>(data: ListQuery<Item>['data']): Item[] {
  if (data === undefined) return [];
  return Array.isArray(data) ? data : data.pages.flatMap((page) => page.data);
}

/** Where a keystroke goes into what is being typed, so it is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * "/" puts the cursor in the screen's search box, as on many sites, unless it is being typed
 * into a field or a modal dialog (or the navigation drawer) is open over the screen. It listens
 * from the screen's first paint: Preact runs a plain effect a frame later, and a "/" pressed as
 * the screen appears would be lost.
 */
function useSearchShortcut(searchBox: RefObject<HTMLInputElement | null>) {
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const box = searchBox.current;
      const modalOpen = document.querySelector('[aria-modal="true"]') !== null;
      if (event.defaultPrevented || isTyping(event.target) || !box || modalOpen) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [searchBox]);
}

/**
 * The wiring every list screen shares (students, standards, messages, the bin), built once:
 * - the rows of its query, however it pages, and the query for the list's states;
 * - one notice at a time (success, failure), cleared after 5 s;
 * - the add or edit form above the list: opening clears the notice and remembers the focus,
 *   closing gives it back (to the opening button when that element has gone); a form the
 *   session ended under opens again;
 * - deleting after the person confirms, saying how it went, with Undo through the bin, and
 *   focus on the list's heading once the row (and the button that had focus) is gone;
 * - the item whose history dialog is open;
 * - "/" to the search box, when the screen has one.
 */
export function useListScreen<Item extends { id: number }>({
  list,
  formId,
  formScope,
  remove,
}: ListScreenOptions<Item>) {
  const { user } = useStoredSession();
  const { notice, show, clear } = useNotice();
  const { remember, restore: restoreFocus } = useReturnFocus();
  const formButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchBox);

  const [form, setForm] = useState<{ editing: Item | undefined } | null>(() => {
    const kept = formScope === undefined ? null : keptDraft<Item>(formScope, user?.id);
    return kept && { editing: kept.editing ?? undefined };
  });
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [deletedCount, setDeletedCount] = useState(0);
  const [historyOf, setHistoryOf] = useState<Item | null>(null);

  // In the render that takes away the row, and the button that had the focus: Preact runs a
  // plain effect only after the next paint.
  useLayoutEffect(() => {
    if (deletedCount > 0) listHeading.current?.focus();
  }, [deletedCount]);

  function openForm(editing?: Item) {
    clear();
    remember();
    setForm({ editing });
  }

  function closeForm() {
    setForm(null);
    restoreFocus(formButton.current);
  }

  const adding = form !== null && form.editing === undefined;

  function undoDelete(item: Item) {
    const restore = remove?.restore;
    restore?.mutation.mutate(item.id, {
      onSuccess: () => show({ tone: 'success', message: restore.restored }),
      onError: (error) =>
        show({
          tone: 'error',
          message: appTexts.history.restoreFailed,
          detail: errorDetail(error),
        }),
    });
  }

  function confirmDelete() {
    const item = deleting;
    if (!remove || item === null) return;
    remove.mutation.mutate(item.id, {
      onSuccess: () => {
        // A form editing the item has nothing left to save.
        if (form?.editing?.id === item.id) setForm(null);
        setDeleting(null);
        show({
          tone: 'success',
          message: remove.deleted,
          action: remove.restore && {
            label: appTexts.history.undo,
            onClick: () => undoDelete(item),
          },
        });
        setDeletedCount((count) => count + 1);
      },
      onError: (error) => {
        setDeleting(null);
        show({ tone: 'error', message: remove.deleteFailed, detail: errorDetail(error) });
      },
    });
  }

  return {
    rows: listRows(list.data),
    /** The notice, where the screen shows it (NoticeArea). */
    notice: { notice, onDismiss: clear },
    show,
    clear,

    form,
    editing: form?.editing,
    adding,
    openForm,
    closeForm,
    /** The button that opens the add form and closes it again. */
    addButton: {
      ref: formButton,
      'aria-expanded': adding,
      'aria-controls': adding ? formId : undefined,
      onClick: () => (adding ? closeForm() : openForm()),
    },
    /**
     * The form's outcome as the screen shows it: a success closes the form and says so, a
     * failure says what went wrong and leaves the form open.
     */
    saveOutcome(texts: SaveTexts) {
      const editing = form?.editing !== undefined;
      return {
        onSaved: () => {
          show({ tone: 'success', message: editing ? texts.updated : texts.added });
          closeForm();
        },
        onFailed: (error: unknown) =>
          show({
            tone: 'error',
            message: editing ? texts.updateFailed : texts.addFailed,
            detail: errorDetail(error),
          }),
      };
    },

    deleting,
    askToDelete(item: Item) {
      clear();
      setDeleting(item);
    },
    /** The confirmation's state and answers (ConfirmDialog). */
    deleteDialog: {
      open: deleting !== null,
      busy: remove?.mutation.isPending ?? false,
      onConfirm: confirmDelete,
      onCancel: () => setDeleting(null),
    },
    listHeading,

    historyOf,
    showHistory: setHistoryOf,
    closeHistory: () => setHistoryOf(null),

    /** The screen's search box, which "/" focuses. */
    searchBox,
  };
}
