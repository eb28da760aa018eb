import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import History from 'lucide-react/icons/history';
import Pencil from 'lucide-react/icons/pencil';
import { Link, useParams } from 'react-router';
import { appRoutes, appTexts, studentFieldLabels, studentRecordTexts } from '@um/contract';
import type { Student } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Details } from '../../components/ui/Details';
import { EditorPanel, ListSkeleton } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useNotice } from '../../components/ui/Banner';
import { keptDraft } from '../../components/ui/useUnsavedForm';
import { useReturnFocus } from '../../components/ui/useReturnFocus';
import { ApiError, errorDetail } from '../../lib/api-client';
import { useAllStandards } from '../../lib/api/get-all-standards';
import { useCanWrite } from '../../lib/roles';
import { useStoredSession } from '../../lib/session';
import { idParam } from '../../lib/url-filters';
import { useStudent } from './api/get-student';
import { StudentForm } from './components/StudentForm';
import { StudentHistoryDialog } from './components/StudentHistoryDialog';
import { standardNamer } from './standard-names';

const t = studentRecordTexts.record;
const FORM_ID = 'student-record-form';

/**
 * One student's record (docs/web.md, "A student's record"): every field, the guardians and the
 * history, for everyone signed in; the edit form for those whose role may change records.
 */
export function StudentRecordPage() {
  return (
    <SignedInOnly title={t.screenTitle}>
      <StudentRecord />
    </SignedInOnly>
  );
}

function StudentRecord() {
  const id = idParam.read(useParams().id ?? null);
  const student = useStudent(id);
  const missing =
    id === null || (student.error instanceof ApiError && student.error.status === 404);

  if (missing) {
    return (
      <>
        <PageHeader title={t.screenTitle} />
        <Banner tone="error" message={t.notFound} className="mb-4" />
        <BackLink />
      </>
    );
  }
  if (student.data === undefined) {
    return (
      <>
        <BackLink />
        {student.isError ? (
          <div className="mt-4 space-y-4">
            <Banner tone="error" message={t.loadFailed} detail={errorDetail(student.error)} />
            <Button variant="secondary" onClick={() => void student.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="mt-4">
            <ListSkeleton label={t.loading} rows={3} rowClassName="h-40" />
          </div>
        )}
      </>
    );
  }
  return <Record student={student.data} />;
}

function BackLink() {
  return (
    <Link
      to={appRoutes.students}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t.back}
    </Link>
  );
}

function Record({ student }: { student: Student }) {
  const canWrite = useCanWrite();
  const { user } = useStoredSession();
  const standards = useAllStandards();
  const nameOf = standardNamer(standards.data ?? []);
  const { notice, show, clear } = useNotice();
  const { remember, restore } = useReturnFocus();
  const editButton = useRef<HTMLButtonElement>(null);
  // A form the session ended under opens again with what was typed (useUnsavedForm).
  const [editing, setEditing] = useState(
    () => canWrite && keptDraft<Student>('student', user?.id)?.editing?.id === student.id,
  );
  const [historyOpen, setHistoryOpen] = useState(false);

  const closeForm = () => {
    setEditing(false);
    restore(editButton.current);
  };
  const status = studentRecordTexts.statuses[student.status];
  const standardName = nameOf(student.standard);
  const none = <span className="font-normal text-slate-500 dark:text-slate-400">{t.none}</span>;
  const orNone = (value: string | null) => (value ? value : none);

  return (
    <>
      <div className="mb-4">
        <BackLink />
      </div>
      <PageHeader
        title={student.name}
        description={t.summary(status, standardName)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
              <History aria-hidden="true" className="size-4" />
              {t.history}
            </Button>
            {canWrite && (
              <Button
                ref={editButton}
                aria-expanded={editing}
                aria-controls={editing ? FORM_ID : undefined}
                onClick={() => {
                  if (editing) return closeForm();
                  clear();
                  remember();
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t.edit}
              </Button>
            )}
          </>
        }
      />
      <NoticeArea notice={notice} onDismiss={clear} />
      {!canWrite && <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t.readOnly}</p>}

      {editing && (
        <EditorPanel id={FORM_ID} title={t.editTitle(student.name)} onClose={closeForm}>
          <StudentForm
            key={student.id}
            standards={standards.data ?? []}
            editing={student}
            onSaved={() => {
              show({ tone: 'success', message: appTexts.students.updated });
              closeForm();
            }}
            onFailed={(error) =>
              show({
                tone: 'error',
                message: appTexts.students.updateFailed,
                detail: errorDetail(error),
              })
            }
            onCancel={closeForm}
          />
        </EditorPanel>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <RecordSection id="record-student" title={studentRecordTexts.groups.student}>
          <Details
            items={[
              {
                term: t.dateOfBirth,
                value: orNone(student.date_of_birth && formatDate(student.date_of_birth)),
              },
              { term: studentFieldLabels.email, value: orNone(student.email) },
              { term: studentFieldLabels.phone_number, value: orNone(student.phone_number) },
              { term: studentFieldLabels.address, value: orNone(student.address) },
            ]}
          />
        </RecordSection>
        <RecordSection id="record-school" title={studentRecordTexts.groups.school}>
          <Details
            items={[
              { term: studentFieldLabels.roll_number, value: student.roll_number },
              {
                term: studentFieldLabels.standard,
                value: (
                  <Link
                    to={`${appRoutes.students}?standard=${student.standard}`}
                    className="text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  >
                    {standardName}
                  </Link>
                ),
              },
              { term: t.admissionNumber, value: orNone(student.admission_number) },
              { term: studentFieldLabels.status, value: status },
              ...(student.status === 'active'
                ? []
                : [
                    {
                      term: studentFieldLabels.left_on,
                      value: orNone(student.left_on && formatDate(student.left_on)),
                    },
                  ]),
            ]}
          />
        </RecordSection>
        <RecordSection
          id="record-guardians"
          title={studentRecordTexts.groups.guardians}
          className="lg:col-span-2"
        >
          {student.guardians.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t.noGuardians}</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {student.guardians.map((guardian, index) => (
                <li
                  key={index}
                  className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
                >
                  <h3 className="font-semibold break-words">
                    {guardian.name}
                    {guardian.primary && (
                      <span className="ms-2 rounded-pill bg-brand-100 px-2 py-0.5 align-middle text-xs font-medium text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
                        {t.primary}
                      </span>
                    )}
                  </h3>
                  <Details
                    className="mt-2"
                    items={[
                      { term: t.relation, value: orNone(guardian.relation) },
                      { term: studentFieldLabels.phone_number, value: orNone(guardian.phone) },
                      { term: studentFieldLabels.email, value: orNone(guardian.email) },
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </RecordSection>
      </div>

      <StudentHistoryDialog
        student={historyOpen ? student : null}
        nameOf={nameOf}
        onClose={() => setHistoryOpen(false)}
      />
    </>
  );
}

function RecordSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${cardClasses} p-5 sm:p-6 ${className ?? ''}`}>
      <h2 id={id} className="mb-4 font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A date of the record (YYYY-MM-DD) in the browser's own way of writing dates. */
function formatDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day).toLocaleDateString(undefined, { dateStyle: 'long' });
}
