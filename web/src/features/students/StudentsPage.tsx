import { useRef, useState } from 'react';
import Upload from 'lucide-react/icons/upload';
import UserPlus from 'lucide-react/icons/user-plus';
import { Link } from 'react-router';
import {
  appRoutes,
  appTexts,
  bulkScreenTexts,
  importScreenTexts,
  importTexts,
  studentRecordTexts,
  texts,
} from '@um/contract';
import type { Student } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import { Button, buttonClasses } from '../../components/ui/Button';
import { EditorPanel, ListSection, LoadMore } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader } from '../../components/ui/PageHeader';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useListScreen } from '../../components/ui/useListScreen';
import { errorDetail } from '../../lib/api-client';
import { useAllStandards } from '../../lib/api/get-all-standards';
import { useStudentsCount } from '../../lib/api/get-students-count';
import { useMediaQuery } from '../../lib/media-query';
import { useCanWrite } from '../../lib/roles';
import { useUrlFilters } from '../../lib/url-filters';
import { SearchBox } from '../../components/ui/SearchBox';
import { useDeleteStudent } from './api/delete-student';
import { useRestoreStudent } from './api/restore-student';
import { useStudents } from './api/get-students';
import { BulkBar } from './components/BulkBar';
import { DeleteStudentDialog } from './components/DeleteStudentDialog';
import { ExportButton } from './components/ExportButton';
import { SortChoice } from './components/SortChoice';
import { StandardFilter } from './components/StandardFilter';
import { StatusFilter } from './components/StatusFilter';
import { PrintButton } from './components/PrintButton';
import { StudentForm } from './components/StudentForm';
import { StudentHistoryDialog } from './components/StudentHistoryDialog';
import { STUDENT_TABLE_FROM, StudentList } from './components/StudentList';
import { StudentRowActions } from './components/StudentRowActions';
import { studentListFilters } from './filters';
import { standardNamer } from './standard-names';

const FORM_ID = 'student-form';

export function StudentsPage() {
  return (
    <SignedInOnly title="Students">
      <Students />
    </SignedInOnly>
  );
}

function Students() {
  const [filter, changeFilter] = useUrlFilters(studentListFilters);
  const students = useStudents(filter);
  const count = useStudentsCount(filter);
  const standards = useAllStandards();
  const remove = useDeleteStudent();
  const restore = useRestoreStudent();
  const screen = useListScreen<Student>({
    list: students,
    formId: FORM_ID,
    formScope: 'student',
    remove: {
      mutation: remove,
      deleted: texts.students.deleted,
      deleteFailed: texts.students.deleteFailed,
      restore: { mutation: restore, restored: appTexts.history.studentRestored },
    },
  });
  const wide = useMediaQuery(STUDENT_TABLE_FROM);
  const canWrite = useCanWrite();
  const list = useRef<HTMLElement>(null);
  /** The student the form added last, highlighted wherever the list's order puts it. */
  const [justAdded, setJustAdded] = useState<number | null>(null);
  // The students chosen for a change of many, by id, for the list they were chosen on: a
  // choice does not carry over to another filter or search.
  const listKey = `${filter.standard ?? ''}\u0000${filter.q}`;
  const [selection, setSelection] = useState({ listKey, ids: [] as number[] });
  const selected = selection.listKey === listKey ? selection.ids : [];
  const setSelected = (change: (ids: number[]) => number[]) =>
    setSelection({ listKey, ids: change(selected) });

  const standardList = standards.data ?? [];
  const nameOf = standardNamer(standardList);
  const { rows, editing } = screen;
  const listTitle = [
    filter.standard === null ? 'All students' : nameOf(filter.standard),
    filter.status === 'active'
      ? ''
      : ` · ${filter.status === 'all' ? studentRecordTexts.allStatuses : studentRecordTexts.statuses[filter.status]}`,
    filter.q === '' ? '' : ` matching “${filter.q}”`,
    count.data === undefined ? '' : ` · ${appTexts.students.count(count.data)}`,
  ].join('');
  const outcome = screen.saveOutcome({
    added: texts.students.added,
    updated: appTexts.students.updated,
    addFailed: texts.students.addFailed,
    updateFailed: appTexts.students.updateFailed,
  });
  // A list of one standard names it in its heading, not again on every row.
  const standardOf = filter.standard === null ? nameOf : null;
  const chosen = new Set(selected);
  const toggle = (ids: readonly number[], on: boolean) =>
    setSelected((current) =>
      on
        ? [...current, ...ids.filter((id) => !current.includes(id))]
        : current.filter((id) => !ids.includes(id)),
    );
  const checkboxClasses = 'size-4 rounded accent-brand-600';
  const selectBox = (student: Student) => (
    <input
      type="checkbox"
      aria-label={bulkScreenTexts.selectStudent(student.name)}
      checked={chosen.has(student.id)}
      onChange={(event) => toggle([student.id], event.target.checked)}
      className={checkboxClasses}
    />
  );
  const shownIds = rows.map((student) => student.id);
  const allShown = shownIds.length > 0 && shownIds.every((id) => chosen.has(id));
  const selectShown = (
    <input
      type="checkbox"
      aria-label={bulkScreenTexts.selectShown}
      checked={allShown}
      disabled={shownIds.length === 0}
      onChange={(event) => toggle(shownIds, event.target.checked)}
      className={checkboxClasses}
    />
  );
  const rowActions = (student: Student, compact = false) => (
    <StudentRowActions
      compact={compact}
      student={student}
      onHistory={() => screen.showHistory(student)}
      onEdit={() => screen.openForm(student)}
      onDelete={() => screen.askToDelete(student)}
      canWrite={canWrite}
    />
  );

  return (
    <>
      <PageHeader
        title="Students"
        description="Find, add and update the students of every standard."
        actions={
          <>
            <PrintButton
              view={filter}
              standardName={filter.standard === null ? null : nameOf(filter.standard)}
              onFailed={(error) =>
                screen.show({
                  tone: 'error',
                  message: studentRecordTexts.printFailed,
                  detail: errorDetail(error),
                })
              }
            />
            <ExportButton
              filter={filter}
              onFailed={(error) =>
                screen.show({
                  tone: 'error',
                  message: importTexts.exportFailed,
                  detail: errorDetail(error),
                })
              }
            />
            {canWrite && (
              <>
                <Link to={appRoutes.studentsImport} className={buttonClasses('secondary')}>
                  <Upload aria-hidden="true" className="size-4" />
                  {importScreenTexts.openButton}
                </Link>
                <Button {...screen.addButton}>
                  <UserPlus aria-hidden="true" className="size-4" />
                  Add Student
                </Button>
              </>
            )}
          </>
        }
      />
      <NoticeArea {...screen.notice} />
      {standards.isError && (
        <Banner
          tone="error"
          message={texts.students.standardsLoadFailed}
          detail={errorDetail(standards.error)}
          className="mb-6"
        />
      )}

      {screen.form && (
        <EditorPanel
          id={FORM_ID}
          title={editing ? `Edit student ${editing.name}` : 'Add a student'}
          onClose={screen.closeForm}
        >
          <StudentForm
            key={editing?.id ?? 'new'}
            standards={standardList}
            editing={editing}
            standard={filter.standard}
            onSaved={(saved, addAnother) => {
              setJustAdded(editing ? null : saved.id);
              if (addAnother) screen.show({ tone: 'success', message: texts.students.added });
              else outcome.onSaved();
            }}
            onFailed={outcome.onFailed}
            onCancel={screen.closeForm}
          />
        </EditorPanel>
      )}

      <div
        role="search"
        aria-label="Find students"
        className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <StandardFilter
          standards={standardList}
          value={filter.standard}
          onChange={(standard) => changeFilter({ standard })}
        />
        <SearchBox
          label="Search students"
          placeholder="Name, email or roll number"
          value={filter.q}
          onSearch={(q) => changeFilter({ q })}
          inputRef={screen.searchBox}
        />
        <StatusFilter value={filter.status} onChange={(status) => changeFilter({ status })} />
        {!wide && <SortChoice value={filter.sort} onChange={(sort) => changeFilter({ sort })} />}
      </div>

      {canWrite && (
        <BulkBar
          selected={selected}
          total={count.data}
          view={filter}
          standards={standardList}
          nameOf={nameOf}
          studentName={(id) => rows.find((student) => student.id === id)?.name}
          onSelect={(ids) => setSelected(() => ids)}
          onClear={() => setSelected(() => [])}
          onNotice={screen.show}
        />
      )}
      <ListSection
        id="students-heading"
        // Beside the list's heading rather than among the header's buttons: on a laptop screen
        // six actions took the header to a second line and a class to 11 rows.
        aside={
          <Link
            to={appRoutes.recentlyDeleted}
            className="rounded-pill px-3 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {appTexts.history.recentlyDeleted}
          </Link>
        }
        title={listTitle}
        headingRef={screen.listHeading}
        list={students}
        count={rows.length}
        loadingLabel="Loading students…"
        rowClassName="h-28"
        loadFailed={texts.students.loadFailed}
        empty={texts.students.empty}
      >
        <StudentList
          rows={rows}
          bodyRef={list}
          sort={filter.sort}
          onSort={(sort) => changeFilter({ sort })}
          dimmed={students.isPlaceholderData}
          justAdded={justAdded}
          standardOf={standardOf}
          leavers={filter.status !== 'active'}
          actions={(student) => rowActions(student, wide)}
          selection={canWrite ? { row: selectBox, all: selectShown } : undefined}
        />
        <LoadMore query={students} list={list} count={rows.length} loadWhenInView />
      </ListSection>

      <StudentHistoryDialog
        student={screen.historyOf}
        nameOf={nameOf}
        onClose={screen.closeHistory}
      />
      <DeleteStudentDialog student={screen.deleting} nameOf={nameOf} {...screen.deleteDialog} />
    </>
  );
}
