import { useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import {
  ArrowDown,
  ArrowUp,
  Download,
  History,
  Pencil,
  Trash2,
  Upload,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import {
  appRoutes,
  appTexts,
  importScreenTexts,
  importTexts,
  studentFieldLabels,
  studentSorts,
  texts,
} from '@um/contract';
import type { Standard, Student, StudentSort } from '@um/contract';
import { Banner, useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button, buttonClasses } from '../../components/ui/Button';
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
import { useMediaQuery } from '../../lib/media-query';
import { useStoredSession } from '../../lib/session';
import { useAllStandards } from '../../lib/standards-list';
import { exportStudents, saveFile } from './api';
import {
  useDeleteStudent,
  useRestoreStudent,
  useStudentHistory,
  useStudents,
  useStudentsCount,
} from './hooks';
import { SearchBox } from './SearchBox';
import { StudentForm } from './StudentForm';
import { useUrlFilter } from './url-filter';

const FORM_ID = 'student-form';
/** From this width the list is a table with a column per field; narrower, a card per student. */
const WIDE_SCREEN = '(min-width: 768px)';

type FormState = { mode: 'add' } | { mode: 'edit'; student: Student };

export function StudentsPage() {
  const { tokens } = useStoredSession();
  return tokens ? <Students /> : <SignedOutNotice title="Students" />;
}

function Students() {
  const [filter, changeFilter] = useUrlFilter();
  const students = useStudents(filter);
  const count = useStudentsCount(filter);
  const wide = useMediaQuery(WIDE_SCREEN);
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
  const list = useRef<HTMLElement>(null);
  /** The student the form added last, highlighted wherever the list's order puts it. */
  const [justAdded, setJustAdded] = useState<number | null>(null);
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
    filter.standard === null ? 'All students' : nameOf(filter.standard),
    filter.q === '' ? '' : ` matching “${filter.q}”`,
    count.data === undefined ? '' : ` · ${appTexts.students.count(count.data)}`,
  ].join('');
  const outcome = saveOutcome(show, closeForm, editing !== undefined, {
    added: texts.students.added,
    updated: appTexts.students.updated,
    addFailed: texts.students.addFailed,
    updateFailed: appTexts.students.updateFailed,
  });
  const rowActions = (student: Student) => (
    <RowActions
      student={student}
      onHistory={() => setHistoryOf(student)}
      onEdit={() => openForm({ mode: 'edit', student })}
      onDelete={() => {
        clear();
        askToDelete(student);
      }}
    />
  );

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
            <Link to={appRoutes.studentsImport} className={buttonClasses('secondary')}>
              <Upload aria-hidden="true" className="size-4" />
              {importScreenTexts.openButton}
            </Link>
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
            onSaved={(saved, addAnother) => {
              setJustAdded(editing ? null : saved.id);
              if (addAnother) show({ tone: 'success', message: texts.students.added });
              else outcome.onSaved();
            }}
            onFailed={outcome.onFailed}
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
        {!wide && <SortChoice value={filter.sort} onChange={(sort) => changeFilter({ sort })} />}
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
          {wide ? (
            <StudentTable
              rows={rows}
              bodyRef={list}
              sort={filter.sort}
              onSort={(sort) => changeFilter({ sort })}
              dimmed={students.isPlaceholderData}
              justAdded={justAdded}
              nameOf={nameOf}
              actions={rowActions}
            />
          ) : (
            <ul
              ref={(element) => {
                list.current = element;
              }}
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
                  className={cx(
                    cardClasses,
                    'flex flex-wrap items-start gap-x-4 gap-y-2 p-4 sm:px-5',
                    student.id === justAdded && justAddedClasses,
                  )}
                >
                  <div className="min-w-0 flex-1 basis-64">
                    <h3 className="font-semibold break-words">
                      {student.name}
                      {student.id === justAdded && <JustAdded />}
                    </h3>
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
                  {rowActions(student)}
                </li>
              ))}
            </ul>
          )}
          <LoadMore query={students} list={list} count={rows.length} loadWhenInView />
        </ListBody>
      </section>

      <HistoryDialog
        open={historyOf !== null}
        title={historyOf ? `History of student ${historyOf.name}` : ''}
        {...history}
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
        message={
          deleting
            ? `${texts.students.confirmDelete} ${appTexts.students.deleteWhich(
                deleting.name,
                deleting.roll_number,
                nameOf(deleting.standard),
              )}`
            : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={cancelDelete}
      />
    </>
  );
}

const justAddedClasses =
  'bg-brand-50 ring-2 ring-brand-500 dark:bg-brand-950/50 dark:ring-brand-400';

function JustAdded() {
  return (
    <>
      {' '}
      <span className="ms-2 rounded-pill bg-brand-600 px-2 py-0.5 align-middle text-xs font-medium text-white dark:bg-brand-400 dark:text-slate-950">
        {appTexts.students.justAdded}
      </span>
    </>
  );
}

/** A row's buttons, each named with the student's name and roll number, which tell rows apart. */
function RowActions({
  student,
  onHistory,
  onEdit,
  onDelete,
}: {
  student: Student;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const which = appTexts.students.which(student.name, student.roll_number);
  return (
    <div className="flex gap-1">
      <IconButton icon={History} label={`History of ${which}`} onClick={onHistory} />
      <IconButton icon={Pencil} label={`Edit ${which}`} onClick={onEdit} />
      <IconButton icon={Trash2} tone="danger" label={`Delete ${which}`} onClick={onDelete} />
    </div>
  );
}

const columnSorts = {
  name: ['name', '-name'],
  roll_number: ['roll_number', '-roll_number'],
} as const satisfies Record<string, readonly [StudentSort, StudentSort]>;

/**
 * A column's header that sorts the list by it: ascending first, then the other way. The
 * header states the order it is in (aria-sort), the button what a press does.
 */
function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: keyof typeof columnSorts;
  sort: StudentSort;
  onSort: (sort: StudentSort) => void;
}) {
  const [ascending, descending] = columnSorts[column];
  const direction =
    sort === ascending ? 'ascending' : sort === descending ? 'descending' : undefined;
  const Arrow = direction === 'descending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={direction} className={headerCellClasses}>
      <button
        type="button"
        onClick={() => onSort(sort === ascending ? descending : ascending)}
        className="inline-flex items-center gap-1 rounded font-semibold hover:text-brand-700 dark:hover:text-brand-300"
      >
        {label}
        <Arrow
          aria-hidden="true"
          className={cx('size-4', direction === undefined && 'opacity-30')}
        />
      </button>
    </th>
  );
}

const headerCellClasses = 'px-4 py-3 text-left text-sm font-semibold whitespace-nowrap';
const cellClasses = 'px-4 py-3 align-top text-sm';

/** The list on a wide screen: a row per student with the columns an office reads. */
function StudentTable({
  rows,
  bodyRef,
  sort,
  onSort,
  dimmed,
  justAdded,
  nameOf,
  actions,
}: {
  rows: Student[];
  bodyRef: RefObject<HTMLElement | null>;
  sort: StudentSort;
  onSort: (sort: StudentSort) => void;
  dimmed: boolean;
  justAdded: number | null;
  nameOf: (standard: number) => string;
  actions: (student: Student) => ReactNode;
}) {
  return (
    <div className={cx(cardClasses, 'overflow-x-auto')}>
      <table
        // Rows of the previous filter stay, dimmed, until the new ones arrive.
        className={cx('w-full border-collapse transition-opacity', dimmed && 'opacity-60')}
      >
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <SortableHeader label="Roll number" column="roll_number" sort={sort} onSort={onSort} />
            <SortableHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <th scope="col" className={headerCellClasses}>
              Email
            </th>
            <th scope="col" className={headerCellClasses}>
              Phone
            </th>
            <th scope="col" className={headerCellClasses}>
              Standard
            </th>
            <th scope="col" className={headerCellClasses}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody
          ref={(element) => {
            bodyRef.current = element;
          }}
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {rows.map((student) => (
            <tr
              key={student.id}
              tabIndex={-1}
              className={cx(student.id === justAdded && justAddedClasses)}
            >
              <td className={cx(cellClasses, 'whitespace-nowrap')}>{student.roll_number}</td>
              <th scope="row" className={cx(cellClasses, 'text-left font-semibold break-words')}>
                {student.name}
                {student.id === justAdded && <JustAdded />}
              </th>
              <td className={cellClasses}>
                <EmailText email={student.email} />
              </td>
              <td className={cx(cellClasses, 'whitespace-nowrap')}>{student.phone_number}</td>
              <td className={cellClasses}>{nameOf(student.standard)}</td>
              <td className={cx(cellClasses, 'py-1.5')}>{actions(student)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The list's order where there are no column headers to press (a phone's cards). */
function SortChoice({
  value,
  onChange,
}: {
  value: StudentSort;
  onChange: (sort: StudentSort) => void;
}) {
  return (
    <SelectField
      label={appTexts.students.sortBy}
      name="sort"
      value={value}
      onChange={(event) => {
        const chosen = studentSorts.find((sort) => sort === event.target.value);
        if (chosen) onChange(chosen);
      }}
    >
      {studentSorts.map((sort) => (
        <option key={sort} value={sort}>
          {appTexts.students.sorts[sort]}
        </option>
      ))}
    </SelectField>
  );
}

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
