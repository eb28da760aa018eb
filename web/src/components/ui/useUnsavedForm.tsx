import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { everydayTexts } from '@um/contract';
import { readTokens, useStoredSession } from '../../lib/session';
import { Banner } from './Banner';
import { ConfirmDialog } from './Dialog';

/**
 * Where a form's typing waits when the session ended under it (a sign-out in another tab, a
 * session the server no longer accepts). Session storage: this tab only, gone with the tab.
 */
const DRAFT_KEY = 'um:draft';

interface KeptDraft {
  /** Which form it belongs to, such as 'student'. */
  scope: string;
  /** Whose typing it is: it is offered back to nobody else. */
  user: string;
  /** The record the form was editing, or null when it was adding one. */
  editing: unknown;
  values: unknown;
}

function readDraft(): KeptDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw === null ? null : (JSON.parse(raw) as KeptDraft);
  } catch {
    return null;
  }
}

/**
 * The kept draft of this form and this user. A draft of someone else is dropped (removing it
 * twice is harmless, so this may run while rendering).
 */
function draftFor(scope: string, userId: string | undefined): KeptDraft | null {
  const draft = readDraft();
  if (draft === null || userId === undefined) return null;
  if (draft.user !== userId) {
    sessionStorage.removeItem(DRAFT_KEY);
    return null;
  }
  return draft.scope === scope ? draft : null;
}

/**
 * For the screen holding the form: whether a draft of this form waits for the signed-in user,
 * and the record it was editing (null for a new one), so that the screen opens the form again.
 */
export function keptDraft<Editing>(
  scope: string,
  userId: string | undefined,
): { editing: Editing | null } | null {
  const draft = draftFor(scope, userId);
  return draft && { editing: draft.editing as Editing | null };
}

/**
 * A form's values, kept safe from being thrown away:
 * - leaving the page for another one of the app (a sidebar link, Back) while something is typed
 *   asks first; closing or reloading the tab has the browser ask;
 * - when the session ends under the form, what was typed is kept in this tab and comes back,
 *   with a word about it, when the same person opens the form again after signing in.
 * `extras` holds that word and the question; the form renders it.
 */
export function useUnsavedForm<Values>(scope: string, editing: unknown, initial: Values) {
  const { user } = useStoredSession();
  const [restored] = useState(() => (draftFor(scope, user?.id)?.values as Values) ?? null);
  const [values, setValues] = useState<Values>(restored ?? initial);
  // Offered back once: it is in the form now.
  useEffect(() => {
    if (restored !== null) sessionStorage.removeItem(DRAFT_KEY);
  }, [restored]);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  // Once the session has ended nothing is asked: what was typed is kept for the same person
  // (below), and the way to the login page must stay open even while the form is still being
  // taken down.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && readTokens() !== null,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // The last signed-in user stays known: by the time the form goes, the session may be gone.
  const latest = useRef({ values, dirty, editing, userId: user?.id });
  useEffect(() => {
    latest.current = { values, dirty, editing, userId: user?.id ?? latest.current.userId };
  });
  useEffect(
    () => () => {
      const { values, dirty, editing, userId } = latest.current;
      if (!dirty || userId === undefined || readTokens() !== null) return;
      const draft: KeptDraft = { scope, user: userId, editing: editing ?? null, values };
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    },
    [scope],
  );

  const extras: ReactNode = (
    <>
      {restored !== null && (
        // Spans the form's grid.
        <Banner tone="info" message={everydayTexts.draftKept} className="sm:col-span-2" />
      )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={everydayTexts.unsaved.title}
        message={everydayTexts.unsaved.message}
        confirmLabel={everydayTexts.unsaved.leave}
        cancelLabel={everydayTexts.unsaved.stay}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  );

  return { values, setValues, dirty, extras };
}
