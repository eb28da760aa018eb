import { useState } from 'react';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Plus from 'lucide-react/icons/plus';
import { Link } from 'react-router';
import { appRoutes, appTexts, dailyUseTexts, dashboardTexts, texts } from '@um/contract';
import type { Standard } from '@um/contract';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { SelectField } from '../../components/ui/Field';
import { EditorPanel, ListSection } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader } from '../../components/ui/PageHeader';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useListScreen } from '../../components/ui/useListScreen';
import { yearChoices, yearParam } from '../../lib/academic-year-filter';
import { useAllStandards } from '../../lib/api/get-all-standards';
import { defineFilters, useUrlFilters } from '../../lib/url-filters';
import { useCanWrite } from '../../lib/roles';
import { useDeleteStandard } from './api/delete-standard';
import { useRestoreStandard } from './api/restore-standard';
import { StandardCard } from './components/StandardCard';
import { StandardForm } from './components/StandardForm';
import { StandardHistoryDialog } from './components/StandardHistoryDialog';
import { StandardInUseDialog } from './components/StandardInUseDialog';

const FORM_ID = 'standard-form';

/** Which academic year's standards the screen lists (`?year=`), the current one by default. */
const standardsFilters = defineFilters({ year: yearParam });

export function StandardsPage() {
  return (
    <SignedInOnly title="Standards">
      <Standards />
    </SignedInOnly>
  );
}

function Standards() {
  const canWrite = useCanWrite();
  const [{ year }, changeFilter] = useUrlFilters(standardsFilters);
  const all = useAllStandards();
  const years = yearChoices(year, all.data ?? []);
  // The year's standards only: last year's stay, with their history, a choice away.
  const standards = {
    ...all,
    data: all.data?.filter(({ academic_year }) => academic_year === year),
  } as typeof all;
  const remove = useDeleteStandard();
  const restore = useRestoreStandard();
  const screen = useListScreen<Standard>({
    list: standards,
    formId: FORM_ID,
    formScope: 'standard',
    remove: {
      mutation: remove,
      deleted: texts.standards.deleted,
      deleteFailed: texts.standards.deleteFailed,
      restore: { mutation: restore, restored: appTexts.history.standardRestored },
    },
  });
  // A standard with students cannot be deleted: say so instead of asking first.
  const [inUse, setInUse] = useState<Standard | null>(null);
  const { rows, editing } = screen;

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
            {canWrite && (
              <Link to={appRoutes.yearEnd} className={buttonClasses('secondary')}>
                <GraduationCap aria-hidden="true" className="size-4" />
                {dailyUseTexts.standards.yearEnd}
              </Link>
            )}
            {canWrite && (
              <Button
                {...screen.addButton}
                // Adding and editing are never open together (docs/web.md, Standards).
                disabled={editing !== undefined}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add Standard
              </Button>
            )}
          </>
        }
      />
      <NoticeArea {...screen.notice} />

      {screen.form && (
        <EditorPanel
          id={FORM_ID}
          title={editing ? `Edit standard ${editing.name}` : 'Add a standard'}
          onClose={screen.closeForm}
        >
          <StandardForm
            key={editing?.id ?? 'new'}
            editing={editing}
            {...screen.saveOutcome(texts.standards)}
            onCancel={screen.closeForm}
          />
        </EditorPanel>
      )}

      <div className="mb-4 w-40">
        <SelectField
          label={dashboardTexts.yearFilter}
          name="year"
          value={year}
          onChange={(event) => changeFilter({ year: event.target.value })}
        >
          {years.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
      </div>
      <ListSection
        id="standards-heading"
        title={dashboardTexts.standards(year)}
        headingRef={screen.listHeading}
        list={standards}
        count={rows.length}
        loadingLabel="Loading standards…"
        rowClassName="h-24"
        loadFailed={texts.standards.loadFailed}
        empty={texts.standards.empty}
      >
        <ul className="space-y-3">
          {rows.map((standard) => (
            <StandardCard
              key={standard.id}
              standard={standard}
              onHistory={() => screen.showHistory(standard)}
              canWrite={canWrite}
              onEdit={() => screen.openForm(standard)}
              onDelete={() => {
                screen.clear();
                if (standard.student_count > 0) setInUse(standard);
                else screen.askToDelete(standard);
              }}
            />
          ))}
        </ul>
      </ListSection>

      <StandardHistoryDialog standard={screen.historyOf} onClose={screen.closeHistory} />
      <StandardInUseDialog standard={inUse} onClose={() => setInUse(null)} />
      <ConfirmDialog
        {...screen.deleteDialog}
        title={screen.deleting ? `Delete standard ${screen.deleting.name}` : ''}
        message={texts.standards.confirmDelete}
        confirmLabel="Delete"
      />
    </>
  );
}
