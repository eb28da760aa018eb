import { useState } from 'react';
import { History, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { appRoutes, appTexts, everydayTexts, texts } from '@um/contract';
import type { Standard } from '@um/contract';
import { useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog, Dialog } from '../../components/ui/Dialog';
import { HistoryDialog } from '../../components/ui/HistoryDialog';
import { IconButton } from '../../components/ui/IconButton';
import { EditorPanel, ListBody } from '../../components/ui/ListStates';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SignedOutNotice } from '../../components/ui/SignedOutNotice';
import { keptDraft } from '../../components/ui/useUnsavedForm';
import { saveOutcome, useConfirmedDelete, useOpenPanel } from '../../components/ui/useEditableList';
import { errorDetail } from '../../lib/api-client';
import { useStoredSession } from '../../lib/session';
import { useAllStandards } from '../../lib/standards-list';
import { standardFieldLabels } from './fields';
import { useDeleteStandard, useRestoreStandard, useStandardHistory } from './hooks';
import { StandardForm } from './StandardForm';

const FORM_ID = 'standard-form';

type FormState = { mode: 'add' } | { mode: 'edit'; standard: Standard };

const studentCount = (count: number) => (count === 1 ? '1 student' : `${count} students`);

export function StandardsPage() {
  const { tokens } = useStoredSession();
  return tokens ? <Standards /> : <SignedOutNotice title="Standards" />;
}

function Standards() {
  const standards = useAllStandards();
  const remove = useDeleteStandard();
  const restore = useRestoreStandard();
  const { user } = useStoredSession();
  const { notice, show, clear } = useNotice();
  const {
    panel: form,
    open: openForm,
    close: closeForm,
    opener: addButton,
    setPanel: setForm,
  } = useOpenPanel<FormState>(clear, () => {
    // The form is open again with what was typed when the session ended under it.
    const kept = keptDraft<Standard>('standard', user?.id);
    return kept && (kept.editing ? { mode: 'edit', standard: kept.editing } : { mode: 'add' });
  });
  const { deleting, askToDelete, cancelDelete, confirmDelete, listHeading } =
    useConfirmedDelete<Standard>({
      remove: remove.mutate,
      show,
      deleted: texts.standards.deleted,
      deleteFailed: texts.standards.deleteFailed,
      undo: {
        label: appTexts.history.undo,
        run: (standard) =>
          restore.mutate(standard.id, {
            onSuccess: () => show({ tone: 'success', message: appTexts.history.standardRestored }),
            onError: (error) =>
              show({
                tone: 'error',
                message: appTexts.history.restoreFailed,
                detail: errorDetail(error),
              }),
          }),
      },
      onDeleted: (standard) => {
        if (form?.mode === 'edit' && form.standard.id === standard.id) setForm(null);
      },
    });

  const [historyOf, setHistoryOf] = useState<Standard | null>(null);
  const history = useStandardHistory(historyOf?.id ?? null);
  // A standard with students cannot be deleted (DESIGN.md 3): say so instead of asking first.
  const [inUse, setInUse] = useState<Standard | null>(null);

  const editing = form?.mode === 'edit' ? form.standard : undefined;
  const adding = form?.mode === 'add';

  return (
    <>
      <PageHeader
        title="Standards"
        description="Grades and classes, with how many students each has."
        actions={
          <>
            <Link
              to={appRoutes.recentlyDeleted}
              className="rounded-pill px-3 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {appTexts.history.recentlyDeleted}
            </Link>
            <Button
              ref={addButton}
              aria-expanded={adding}
              aria-controls={adding ? FORM_ID : undefined}
              // SPEC.md 4: adding and editing are never open together.
              disabled={editing !== undefined}
              onClick={() => (adding ? closeForm() : openForm({ mode: 'add' }))}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add Standard
            </Button>
          </>
        }
      />
      <NoticeArea notice={notice} onDismiss={clear} />

      {form && (
        <EditorPanel
          id={FORM_ID}
          title={editing ? `Edit standard ${editing.name}` : 'Add a standard'}
          onClose={closeForm}
        >
          <StandardForm
            key={editing?.id ?? 'new'}
            editing={editing}
            {...saveOutcome(show, closeForm, editing !== undefined, texts.standards)}
            onCancel={closeForm}
          />
        </EditorPanel>
      )}

      <section aria-labelledby="standards-heading">
        <h2
          id="standards-heading"
          ref={listHeading}
          tabIndex={-1}
          className="mb-4 font-display text-lg font-semibold focus:outline-none"
        >
          All standards
        </h2>
        <ListBody
          query={standards}
          count={standards.data?.length ?? 0}
          loadingLabel="Loading standards…"
          rowClassName="h-24"
          loadFailed={texts.standards.loadFailed}
          empty={texts.standards.empty}
        >
          <ul className="space-y-3">
            {standards.data?.map((standard) => (
              <li
                key={standard.id}
                className={`${cardClasses} flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:px-5`}
              >
                <div className="min-w-0 flex-1 basis-56">
                  <h3 className="font-semibold break-words">{standard.name}</h3>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    Grade {standard.grade_level} · {standard.academic_year}
                  </p>
                  {standard.description && (
                    <p className="mt-1 text-sm break-words">{standard.description}</p>
                  )}
                </div>
                <span className="rounded-pill bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-brand-950/60 dark:text-brand-100">
                  {studentCount(standard.student_count)}
                </span>
                <div className="flex gap-1">
                  <IconButton
                    icon={History}
                    label={`History of standard ${standard.name}`}
                    onClick={() => setHistoryOf(standard)}
                  />
                  <IconButton
                    icon={Pencil}
                    label={`Edit standard ${standard.name}`}
                    onClick={() => openForm({ mode: 'edit', standard })}
                  />
                  <IconButton
                    icon={Trash2}
                    tone="danger"
                    label={`Delete standard ${standard.name}`}
                    onClick={() => {
                      clear();
                      if (standard.student_count > 0) setInUse(standard);
                      else askToDelete(standard);
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </ListBody>
      </section>

      <HistoryDialog
        open={historyOf !== null}
        title={historyOf ? `History of standard ${historyOf.name}` : ''}
        {...history}
        fieldLabels={standardFieldLabels}
        onClose={() => setHistoryOf(null)}
      />

      <Dialog
        open={inUse !== null}
        title={inUse ? everydayTexts.standardInUse.title(inUse.name) : ''}
        onClose={() => setInUse(null)}
        actions={
          <>
            {inUse && (
              <Link
                to={`${appRoutes.students}?standard=${inUse.id}`}
                className="rounded-pill px-4 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {everydayTexts.standardInUse.showStudents}
              </Link>
            )}
            <Button variant="secondary" onClick={() => setInUse(null)} data-autofocus>
              Close
            </Button>
          </>
        }
      >
        {inUse && (
          <>
            <p className="font-medium">{everydayTexts.standardInUse.count(inUse.student_count)}</p>
            <p className="mt-1">{everydayTexts.standardInUse.help}</p>
          </>
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete standard ${deleting.name}` : ''}
        message={texts.standards.confirmDelete}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={cancelDelete}
      />
    </>
  );
}
