import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Download, History, Pencil, Trash2, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { appRoutes, appTexts, importTexts, texts } from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { Banner, useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { EmailText } from '../../components/ui/EmailText';
import { SelectField } from '../../components/ui/Field';
import { HistoryDialog } from '../../components/ui/HistoryDialog';
import { IconButton } from '../../components/ui/IconButton';
import { EditorPanel, ListBody, LoadMore } from '../../components/ui/ListStates';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SignedOutNotice } from '../../components/ui/SignedOutNotice';
import { cx } from '../../components/ui/cx';
import { keptDraft } from '../../components/ui/useUnsavedForm';
import { saveOutcome, useConfirmedDelete, useOpenPanel } from '../../components/ui/useEditableList';
import { errorDetail } from '../../lib/api-client';
import { useStoredSession } from '../../lib/session';
import { useAllStandards } from '../../lib/standards-list';
import { exportStudents, saveFile } from './api';
import { useDeleteStudent, useRestoreStudent, useStudentHistory, useStudents } from './hooks';
import { SearchBox } from './SearchBox';
import { StudentForm } from './StudentForm';
import { useUrlFilter } from './url-filter';

const FORM_ID = 'student-form';

type FormState = { mode: 'add' } | { mode: 'edit'; student: Student };

export function StudentsPage() {
  const { tokens } = useStoredSession();
  return tokens ? <Students /> : <SignedOutNotice title="Students" />;
}

function Students() {
  const [filter, changeFilter] = useUrlFilter();
  const students = useStudents(filter);
  const standards = useAllStandards();
  const remove = useDeleteStudent();
  const restore = useRestoreStudent();
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
    const kept = keptDraft<Student>('student', user?.id);
    return kept && (kept.editing ? { mode: 'edit', student: kept.editing } : { mode: 'add' });
  });
  const { deleting, askToDelete, cancelDelete, confirmDelete, listHeading } =
    useConfirmedDelete<Student>({
      remove: remove.mutate,
      show,
      deleted: texts.students.deleted,
      deleteFailed: texts.students.deleteFailed,
      undo: {
        label: appTexts.history.undo,
        run: (student) =>
          restore.mutate(student.id, {
            onSuccess: () => show({ tone: 'success', message: appTexts.history.studentRestored }),
            onError: (error) =>
              show({
                tone: 'error',
                message: appTexts.history.restoreFailed,
                detail: errorDetail(error),
              }),
          }),
      },
      onDeleted: (student) => {
        if (form?.mode === 'edit' && form.student.id === student.id) setForm(null);
      },
    });
  const list = useRef<HTMLUListElement>(null);
  const [historyOf, setHistoryOf] = useState<Student | null>(null);
  const history = useStudentHistory(historyOf?.id ?? null);
  const [exporting, setExporting] = useState(false);

  /** Downloads exactly what the filter shows, as the server writes it. */
  async function download() {
    setExporting(true);
    try {
      saveFile(await exportStudents(filter), 'students.csv');
    } catch (error) {
      show({ tone: 'error', message: importTexts.exportFailed, detail: errorDetail(error) });
    } finally {
      setExporting(false);
    }
  }

  const standardList = standards.data ?? [];
  const standardNames = new Map(standardList.map((standard) => [standard.id, standard.name]));
  const nameOf = (id: number) => standardNames.get(id) ?? `Standard ${id}`;
  const rows = students.data?.pages.flatMap((page) => page.data) ?? [];

  const editing = form?.mode === 'edit' ? form.student : undefined;
  const adding = form?.mode === 'add';
  const listTitle = [
    filter.standard === null ? 'All students' : `Students in ${nameOf(filter.standard)}`,
    filter.q === '' ? '' : ` matching “${filter.q}”`,
  ].join('');

  return (
    <>
      <PageHeader
        title="Students"
        description="Find, add and update the students of every standard."
        actions={
          <>
            <Link
              to={appRoutes.recentlyDeleted}
              className="rounded-pill px-3 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {appTexts.history.recentlyDeleted}
            </Link>
            <Button variant="secondary" disabled={exporting} onClick={() => void download()}>
              <Download aria-hidden="true" className="size-4" />
              {importTexts.exportButton}
            </Button>
            <Button
              ref={addButton}
              aria-expanded={adding}
              aria-controls={adding ? FORM_ID : undefined}
              onClick={() => (adding ? closeForm() : openForm({ mode: 'add' }))}
            >
              <UserPlus aria-hidden="true" className="size-4" />
              Add Student
            </Button>
          </>
        }
      />
      <NoticeArea notice={notice} onDismiss={clear} />
      {standards.isError && (
        <Banner
          tone="error"
          message={texts.students.standardsLoadFailed}
          detail={errorDetail(standards.error)}
          className="mb-6"
        />
      )}

      {form && (
        <EditorPanel
          id={FORM_ID}
          title={editing ? `Edit student ${editing.name}` : 'Add a student'}
          onClose={closeForm}
        >
          <StudentForm
            key={editing?.id ?? 'new'}
            standards={standardList}
            editing={editing}
            {...saveOutcome(show, closeForm, editing !== undefined, {
              added: texts.students.added,
              updated: appTexts.students.updated,
              addFailed: texts.students.addFailed,
              updateFailed: appTexts.students.updateFailed,
            })}
            onCancel={closeForm}
          />
        </EditorPanel>
      )}

      <div role="search" aria-label="Find students" className="mb-6 grid gap-4 sm:grid-cols-2">
        <StandardFilter
          standards={standardList}
          value={filter.standard}
          onChange={(standard) => changeFilter({ standard })}
        />
        <SearchBox value={filter.q} onSearch={(q) => changeFilter({ q })} />
      </div>

      <section aria-labelledby="students-heading" aria-busy={students.isFetching || undefined}>
        <h2
          id="students-heading"
          ref={listHeading}
          tabIndex={-1}
          className="mb-4 font-display text-lg font-semibold break-words focus:outline-none"
        >
          {listTitle}
        </h2>
        <ListBody
          query={students}
          count={rows.length}
          loadingLabel="Loading students…"
          rowClassName="h-28"
          loadFailed={texts.students.loadFailed}
          empty={texts.students.empty}
        >
          <ul
            ref={list}
            // Rows of the previous filter stay, dimmed, until the new ones arrive.
            className={cx(
              'space-y-3 transition-opacity',
              students.isPlaceholderData && 'opacity-60',
            )}
          >
            {rows.map((student) => (
              <li
                key={student.id}
                tabIndex={-1}
                className={`${cardClasses} flex flex-wrap items-start gap-x-4 gap-y-2 p-4 sm:px-5`}
              >
                <div className="min-w-0 flex-1 basis-64">
                  <h3 className="font-semibold break-words">{student.name}</h3>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3">
                    <Detail term="Standard">{nameOf(student.standard)}</Detail>
                    <Detail term="Roll number">{student.roll_number}</Detail>
                    <Detail term="Email">
                      <EmailText email={student.email} />
                    </Detail>
                    {student.phone_number && <Detail term="Phone">{student.phone_number}</Detail>}
                    {student.address && <Detail term="Address">{student.address}</Detail>}
                  </dl>
                </div>
                <div className="flex gap-1">
                  <IconButton
                    icon={History}
                    label={`History of student ${student.name}`}
                    onClick={() => setHistoryOf(student)}
                  />
                  <IconButton
                    icon={Pencil}
                    label={`Edit student ${student.name}`}
                    onClick={() => openForm({ mode: 'edit', student })}
                  />
                  <IconButton
                    icon={Trash2}
                    tone="danger"
                    label={`Delete student ${student.name}`}
                    onClick={() => {
                      clear();
                      askToDelete(student);
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
          <LoadMore query={students} list={list} count={rows.length} />
        </ListBody>
      </section>

      <HistoryDialog
        open={historyOf !== null}
        title={historyOf ? `History of student ${historyOf.name}` : ''}
        events={history.data?.data}
        error={
          history.isError
            ? (errorDetail(history.error) ?? appTexts.history.historyLoadFailed)
            : null
        }
        fieldLabels={studentFieldLabels}
        describe={(field, value) =>
          field === 'standard' && typeof value === 'number'
            ? `“${nameOf(value)}”`
            : value === null || value === ''
              ? 'nothing'
              : `“${String(value)}”`
        }
        onClose={() => setHistoryOf(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete student ${deleting.name}` : ''}
        message={texts.students.confirmDelete}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={cancelDelete}
      />
    </>
  );
}

const studentFieldLabels: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  roll_number: 'Roll number',
  standard: 'Standard',
  phone_number: 'Phone',
  address: 'Address',
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="shrink-0 text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function StandardFilter({
  standards,
  value,
  onChange,
}: {
  standards: Standard[];
  value: number | null;
  onChange: (standard: number | null) => void;
}) {
  // The address changes in a transition, after the select has already been redrawn: without a
  // value of its own, a quick second arrow key would start again from the old choice.
  const [selected, setSelected] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setSelected(value);
  }
  // A link may name a standard that is not (or no longer) in the list: keep it selectable.
  const known = selected === null || standards.some((standard) => standard.id === selected);
  return (
    <SelectField
      label="Filter by standard"
      name="standard"
      value={selected ?? ''}
      onChange={(event) => {
        const id = Number.parseInt(event.target.value, 10);
        const next = Number.isNaN(id) ? null : id;
        setSelected(next);
        onChange(next);
      }}
    >
      <option value="">All standards</option>
      {standards.map((standard) => (
        <option key={standard.id} value={standard.id}>
          {standard.name}
        </option>
      ))}
      {!known && <option value={selected}>Standard {selected}</option>}
    </SelectField>
  );
}
