import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import FileUp from 'lucide-react/icons/file-up';
import Undo2 from 'lucide-react/icons/undo-2';
import { Link } from 'react-router';
import {
  IMPORT_MAX_BYTES,
  appRoutes,
  dailyUseTexts,
  importScreenTexts as t,
  importDateFormats,
  importTexts,
  readImportDate,
  importCsvColumns,
  suggestDateFormat,
} from '@um/contract';
import type {
  ImportDateFormat,
  ImportNewStandard,
  ImportResult,
  ImportCsvColumn,
} from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import type { Notice } from '../../components/ui/Banner';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Field, SelectField } from '../../components/ui/Field';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { ResponsiveTable } from '../../components/ui/ResponsiveTable';
import { Section } from '../../components/ui/Section';
import { SignedOutNotice } from '../../components/ui/SignedOutNotice';
import { cx } from '../../components/ui/cx';
import { ApiError, errorDetail } from '../../lib/api-client';
import { queryKeys } from '../../lib/query';
import { saveFile } from '../../lib/save-file';
import { useStoredSession } from '../../lib/session';
import { importStudents, refusedImport } from './api/import-students';
import { useUndoImport } from './api/undo-import';
import { guessMapping, mappingProblems, outputColumns } from './columns';
import type { ColumnMapping } from './columns';
import type { CsvPreview } from './csv-work';
import { CsvWorker } from './csv-worker';
import { gradeLevelOf, guessGradeLevel } from './new-standards';

/** What is being done, and how far it has got (null when that cannot be told). */
interface Work {
  label: string;
  fraction: number | null;
}

/** A file the server has checked, kept to be sent again as it is when the person imports it. */
interface Checked {
  result: ImportResult;
  file: Blob;
}

/** Errors drawn at a time: a file with thousands of wrong rows must not freeze the page. */
const ERRORS_PER_PAGE = 200;

const linkClasses =
  'rounded-pill px-3 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

export function ImportPage() {
  const { tokens } = useStoredSession();
  return tokens ? <Importer /> : <SignedOutNotice title={t.title} />;
}

/** The reason a step failed: the server's problem text, or the worker's words about the file. */
function failureDetail(error: unknown): string | null {
  if (error instanceof ApiError) return errorDetail(error);
  return error instanceof Error ? error.message : null;
}

function Importer() {
  const queryClient = useQueryClient();
  const worker = useRef<CsvWorker | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  /** How the file writes dates of birth, and whether that was read from the file's own dates. */
  const [dates, setDates] = useState<DateChoice>(noDates);
  const [checked, setChecked] = useState<Checked | null>(null);
  /** The standards the person chose to create with the import. */
  const [newStandards, setNewStandards] = useState<ImportNewStandard[]>([]);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const [work, setWork] = useState<Work | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Whether the person asked to import another file, so the first step opens with the focus. */
  const [again, setAgain] = useState(false);
  const undo = useUndoImport();

  useEffect(() => () => worker.current?.terminate(), []);

  const step = imported ? 3 : checked ? 2 : preview ? 1 : 0;

  function startOver() {
    worker.current?.terminate();
    worker.current = null;
    setFileName(null);
    setPreview(null);
    setMapping([]);
    setDates(noDates);
    setChecked(null);
    setNewStandards([]);
    setImported(null);
    setWork(null);
    setNotice(null);
    undo.reset();
  }

  async function choose(file: File) {
    startOver();
    setFileName(file.name);
    if (file.size > IMPORT_MAX_BYTES) {
      setNotice({ tone: 'error', message: importTexts.tooLarge });
      return;
    }
    const reader = new CsvWorker();
    worker.current = reader;
    setWork({ label: t.reading, fraction: 0 });
    try {
      const read = await reader.read(file, (fraction) => setWork({ label: t.reading, fraction }));
      if (worker.current !== reader) return;
      const guessed = guessMapping(read.headings);
      setPreview(read);
      setMapping(guessed);
      setDates(await datesOf(reader, guessed));
    } catch (error) {
      if (worker.current !== reader) return;
      setNotice({ tone: 'error', message: failureDetail(error) ?? t.readFailed });
    } finally {
      if (worker.current === reader) setWork(null);
    }
  }

  /**
   * The date format the file's dates of birth leave, when they leave one; null when they could
   * be read more than one way, for the person to choose.
   */
  async function datesOf(reader: CsvWorker, next: ColumnMapping): Promise<DateChoice> {
    const column = next.indexOf('date_of_birth');
    if (column < 0) return noDates;
    const suggested = suggestDateFormat(await reader.column(column));
    return { format: suggested, suggested: suggested !== null };
  }

  async function changeMapping(next: ColumnMapping) {
    const dateColumnMoved = next.indexOf('date_of_birth') !== mapping.indexOf('date_of_birth');
    setMapping(next);
    setChecked(null);
    setNewStandards([]);
    setNotice(null);
    const reader = worker.current;
    if (dateColumnMoved && reader) setDates(await datesOf(reader, next));
  }

  function changeDateFormat(format: ImportDateFormat | null) {
    setDates({ format, suggested: false });
    setChecked(null);
    setNotice(null);
  }

  const dateFormat = dates.format ?? 'YYYY-MM-DD';

  async function check(standards: ImportNewStandard[] = newStandards) {
    const reader = worker.current;
    if (!reader) return;
    setNotice(null);
    setWork({ label: t.preparing, fraction: 0 });
    try {
      const file = await reader.write(outputColumns(mapping), (fraction) =>
        setWork({ label: t.preparing, fraction }),
      );
      if (file.size > IMPORT_MAX_BYTES) {
        setNotice({ tone: 'error', message: importTexts.tooLarge });
        return;
      }
      setWork({ label: t.checking, fraction: null });
      const result = await importStudents(file, {
        dryRun: true,
        newStandards: standards,
        dateFormat,
      });
      setNewStandards(standards);
      setChecked({ result, file });
    } catch (error) {
      setNotice({ tone: 'error', message: t.checkFailed, detail: failureDetail(error) });
    } finally {
      setWork(null);
    }
  }

  async function commit(file: Blob, skipInvalid = false) {
    setNotice(null);
    setWork({ label: t.importing, fraction: null });
    try {
      setImported(
        await importStudents(file, { dryRun: false, newStandards, skipInvalid, dateFormat }),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.students });
      if (newStandards.length > 0)
        void queryClient.invalidateQueries({ queryKey: queryKeys.standards });
    } catch (error) {
      // Rows can turn wrong between the check and the import (a colleague took a roll number).
      const report = refusedImport(error);
      if (report) setChecked({ result: report, file });
      setNotice({
        tone: 'error',
        message: t.importFailed,
        detail: report ? importTexts.refused(report.error_count) : errorDetail(error),
      });
    } finally {
      setWork(null);
    }
  }

  function undoIt(importId: string) {
    setNotice(null);
    undo.mutate(importId, {
      onSuccess: ({ removed, reverted, removed_standards }) =>
        setNotice({
          tone: 'success',
          message:
            removed_standards > 0
              ? `${t.undone(removed, reverted)} ${t.undoneStandards(removed_standards)}`
              : t.undone(removed, reverted),
        }),
      onError: (error) =>
        setNotice({ tone: 'error', message: t.undoFailed, detail: errorDetail(error) }),
    });
  }

  const busy = work !== null;

  async function downloadWrongRows(result: ImportResult) {
    const reader = worker.current;
    if (!reader || !preview) return;
    const problems = result.errors.map(({ row, field, message }) => ({
      row,
      text: `${fieldNameOf(field, preview, mapping)}: ${message}`,
    }));
    try {
      const file = await reader.wrongRows(problems, t.errorColumn);
      saveFile(file, t.wrongRowsFileName(fileName ?? 'students.csv'));
    } catch (error) {
      setNotice({ tone: 'error', message: t.readFailed, detail: failureDetail(error) });
    }
  }

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Link to={appRoutes.students} className={linkClasses}>
            {t.backToStudents}
          </Link>
        }
      />
      <Steps current={step} />
      {notice && (
        <Banner {...notice} onDismiss={() => setNotice(null)} className="mb-6 break-words" />
      )}
      {work && <WorkProgress work={work} />}

      {imported ? (
        <Section title={t.doneHeading} focusOnOpen>
          <Counts result={imported} />
          {(imported.created_standards > 0 || imported.skipped > 0) && (
            <p className="mt-4 text-sm">
              {[
                imported.created_standards > 0 && t.createdStandards(imported.created_standards),
                imported.skipped > 0 && t.skippedRows(imported.skipped),
              ]
                .filter(Boolean)
                .join(' ')}
            </p>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            {!undo.isSuccess && (
              <Button
                variant="secondary"
                loading={undo.isPending}
                onClick={() => undoIt(imported.import_id)}
              >
                <Undo2 aria-hidden="true" className="size-4" />
                {t.undoButton}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                startOver();
                setAgain(true);
              }}
            >
              {t.importAnother}
            </Button>
            <Link to={appRoutes.students} className={linkClasses}>
              {t.backToStudents}
            </Link>
          </div>
        </Section>
      ) : (
        <>
          <FileChooser
            fileName={fileName}
            busy={busy}
            focusOnOpen={again}
            onChoose={(file) => void choose(file)}
          />
          {preview && (
            <Mapping
              preview={preview}
              mapping={mapping}
              dates={dates}
              onDateFormat={changeDateFormat}
              busy={busy}
              onChange={(next) => void changeMapping(next)}
              onCheck={() => void check()}
            />
          )}
          {checked && preview && (
            <Section title={t.resultHeading} focusOnOpen>
              <Counts result={checked.result} />
              {newStandards.length > 0 && (
                <p className="mt-4 text-sm">
                  {t.standardsToCreate(newStandards.map(({ name }) => name))}
                </p>
              )}
              {checked.result.error_count > 0 ? (
                <>
                  <RowErrors result={checked.result} preview={preview} mapping={mapping} />
                  {checked.result.missing_standards.length > 0 && (
                    <NewStandards
                      key={checked.result.missing_standards.join('\n')}
                      names={checked.result.missing_standards}
                      busy={busy}
                      onCreate={(standards) => void check([...newStandards, ...standards])}
                    />
                  )}
                  <WrongRows
                    result={checked.result}
                    busy={busy}
                    onDownload={() => void downloadWrongRows(checked.result)}
                    onImportValid={() => void commit(checked.file, true)}
                  />
                </>
              ) : (
                <div className="mt-6 flex flex-wrap items-center gap-4">
                  <p className="text-sm">{t.ready}</p>
                  <Button loading={busy} onClick={() => void commit(checked.file)}>
                    <FileUp aria-hidden="true" className="size-4" />
                    {t.importButton(checked.result.total)}
                  </Button>
                </div>
              )}
            </Section>
          )}
        </>
      )}
    </>
  );
}

function Steps({ current }: { current: number }) {
  return (
    <ol aria-label={t.stepsLabel} className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {t.steps.map((name, index) => (
        <li
          key={name}
          aria-current={index === current ? 'step' : undefined}
          className={cx(
            'flex items-center gap-2',
            index === current
              ? 'font-semibold text-brand-700 dark:text-brand-300'
              : 'text-slate-600 dark:text-slate-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'grid size-6 place-items-center rounded-pill border text-xs',
              index === current
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 dark:border-slate-600',
            )}
          >
            {index + 1}
          </span>
          {name}
        </li>
      ))}
    </ol>
  );
}

function WorkProgress({ work }: { work: Work }) {
  const id = useId();
  return (
    <div role="status" className={`${cardClasses} mb-6 space-y-2 p-4`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {work.label}
      </label>
      <progress
        id={id}
        max={1}
        value={work.fraction ?? undefined}
        className="h-2 w-full accent-brand-600"
      />
    </div>
  );
}

function FileChooser({
  fileName,
  busy,
  focusOnOpen,
  onChoose,
}: {
  fileName: string | null;
  busy: boolean;
  focusOnOpen: boolean;
  onChoose: (file: File) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <Section title={t.steps[0]} focusOnOpen={focusOnOpen}>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file && !busy) onChoose(file);
        }}
        className={cx(
          'space-y-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/40'
            : 'border-slate-300 dark:border-slate-600',
        )}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">{t.dropHere}</p>
        {/*
          The browser's own file input says "No file chosen" whatever was chosen, since it is
          cleared after each choice; it stays in the page for the keyboard and screen readers,
          and its label is the button people see. What was chosen is said below.
        */}
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same file again after fixing it reads it again.
            event.target.value = '';
            if (file) onChoose(file);
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cx(
            buttonClasses('primary'),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:peer-focus-visible:ring-offset-slate-900',
          )}
        >
          <FileUp aria-hidden="true" className="size-4" />
          {dailyUseTexts.importFile.choose}
        </label>
        <p id={`${inputId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {t.fileHint}
        </p>
        {fileName && <p className="text-sm font-medium break-words">{t.chosenFile(fileName)}</p>}
      </div>
    </Section>
  );
}

/** The date format chosen for the file's dates of birth (null: not yet), and if it was suggested. */
interface DateChoice {
  format: ImportDateFormat | null;
  suggested: boolean;
}

const noDates: DateChoice = { format: null, suggested: false };

const headingOf = (preview: CsvPreview, index: number) =>
  preview.headings[index]?.trim() || t.blankHeader(index + 1);

function Mapping({
  preview,
  mapping,
  dates,
  busy,
  onChange,
  onDateFormat,
  onCheck,
}: {
  preview: CsvPreview;
  mapping: ColumnMapping;
  dates: DateChoice;
  busy: boolean;
  onChange: (mapping: ColumnMapping) => void;
  onDateFormat: (format: ImportDateFormat | null) => void;
  onCheck: () => void;
}) {
  const hasDates = mapping.includes('date_of_birth');
  const problems = [
    ...mappingProblems(mapping),
    ...(hasDates && dates.format === null ? [t.dateFormatMissing] : []),
    ...(preview.rowCount === 0 ? [t.noRows] : []),
  ];
  const problemsId = useId();
  return (
    <Section title={t.mappingHeading} focusOnOpen>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        {t.mappingHint} {t.rowCount(preview.rowCount)}.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {preview.headings.map((_, index) => (
          <SelectField
            key={index}
            label={t.columnLabel(headingOf(preview, index))}
            value={mapping[index] ?? ''}
            disabled={busy}
            onChange={(event) => {
              const next = [...mapping];
              next[index] = (event.target.value || null) as ImportCsvColumn | null;
              onChange(next);
            }}
          >
            <option value="">{t.leaveOut}</option>
            {importCsvColumns.map((column) => (
              <option key={column} value={column}>
                {t.fieldLabels[column]}
              </option>
            ))}
          </SelectField>
        ))}
      </div>

      {hasDates && (
        <div className="mt-4 max-w-sm">
          <SelectField
            label={t.dateFormatLabel}
            value={dates.format ?? ''}
            disabled={busy}
            hint={dates.suggested ? t.dateFormatSuggested : dates.format ? '' : t.dateFormatUnclear}
            onChange={(event) =>
              onDateFormat((event.target.value || null) as ImportDateFormat | null)
            }
          >
            <option value="">{t.chooseDateFormat}</option>
            {importDateFormats.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </SelectField>
        </div>
      )}

      <h3 className="mt-6 mb-2 font-medium">{t.previewHeading}</h3>
      <ResponsiveTable
        label={t.previewHeading}
        rows={preview.rows.map((row, index) => ({ row, index }))}
        rowKey={({ index }) => index}
        framed={false}
        dense
        scrolls
        columns={preview.headings.map((_, index) => {
          const mapped = mapping[index];
          const heading = headingOf(preview, index);
          // Dates of birth as the import will read them, in the format chosen.
          const shown = (cell: string) => {
            if (mapped !== 'date_of_birth' || dates.format === null) return cell;
            return readImportDate(cell, dates.format) ?? t.notADate(cell);
          };
          const readAs =
            mapped === 'date_of_birth' && dates.format ? `, ${t.readAs(dates.format)}` : '';
          return {
            id: String(index),
            header: heading,
            headerCell: (
              <th scope="col" className="px-3 py-2 text-left align-bottom text-sm font-medium">
                <span className="block">{heading}</span>
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                  {mapped ? `→ ${t.fieldLabels[mapped]}${readAs}` : t.leaveOut}
                </span>
              </th>
            ),
            className: cx(
              'max-w-64 truncate',
              !mapped && 'text-slate-500 line-through dark:text-slate-500',
            ),
            cell: ({ row }: { row: readonly string[] }) => shown(row[index] ?? ''),
            card: ({ row }: { row: readonly string[] }) => (
              <span className={cx(!mapped && 'text-slate-500 line-through dark:text-slate-500')}>
                {shown(row[index] ?? '')}
              </span>
            ),
          };
        })}
      />

      {problems.length > 0 && (
        <ul id={problemsId} className="mt-4 space-y-1 text-sm text-red-700 dark:text-red-300">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          loading={busy}
          disabled={problems.length > 0}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
          onClick={onCheck}
        >
          {t.checkButton}
        </Button>
      </div>
    </Section>
  );
}

function Counts({ result }: { result: ImportResult }) {
  const counts = [
    [t.counts.total, result.total],
    [t.counts.created, result.created],
    [t.counts.updated, result.updated],
    [t.counts.unchanged, result.unchanged],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {counts.map(([term, value]) => (
        <div key={term} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="font-display text-2xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowErrors({
  result,
  preview,
  mapping,
}: {
  result: ImportResult;
  preview: CsvPreview;
  mapping: ColumnMapping;
}) {
  const [shown, setShown] = useState(ERRORS_PER_PAGE);
  const { errors } = result;
  return (
    <div className="mt-6 space-y-3">
      <h3 className="font-semibold">{t.errorsHeading(result.error_count)}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t.fixAndRetry}</p>
      {result.error_count > errors.length && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t.errorsCapped(errors.length, result.error_count)}
        </p>
      )}
      <ResponsiveTable
        label={t.errorsHeading(result.error_count)}
        rows={errors.slice(0, shown).map((error, index) => ({ error, index }))}
        rowKey={({ index }) => index}
        framed={false}
        dense
        columns={[
          {
            header: t.errorColumns.row,
            className: 'tabular-nums',
            cell: ({ error }) => error.row,
          },
          {
            header: t.errorColumns.field,
            cell: ({ error }) => fieldNameOf(error.field, preview, mapping),
          },
          {
            header: t.errorColumns.message,
            className: 'break-words',
            cell: ({ error }) => error.message,
          },
        ]}
      />
      {shown < errors.length && (
        <Button variant="secondary" onClick={() => setShown(shown + ERRORS_PER_PAGE)}>
          {t.moreErrors(errors.length - shown)}
        </Button>
      )}
    </div>
  );
}

const isColumn = (field: string): field is ImportCsvColumn =>
  (importCsvColumns as readonly string[]).includes(field);

/** A field's name with the file's heading it came from, as the person knows it. */
function fieldNameOf(field: string, preview: CsvPreview, mapping: ColumnMapping): string {
  if (!isColumn(field)) return t.wholeRow;
  const index = mapping.indexOf(field);
  return index === -1
    ? t.fieldLabels[field]
    : `${t.fieldLabels[field]} (${headingOf(preview, index)})`;
}

/**
 * The standards the file names that do not exist, each with a grade level to give (guessed from
 * its name), to be created with the import.
 */
function NewStandards({
  names,
  busy,
  onCreate,
}: {
  names: readonly string[];
  busy: boolean;
  onCreate: (standards: ImportNewStandard[]) => void;
}) {
  const [levels, setLevels] = useState(() => names.map(guessGradeLevel));
  const [problem, setProblem] = useState<string | null>(null);

  function create() {
    const standards = names.map((name, index) => ({
      name,
      grade_level: gradeLevelOf(levels[index] ?? ''),
    }));
    if (standards.some(({ grade_level }) => grade_level === null)) {
      setProblem(t.gradeLevelsMissing);
      return;
    }
    setProblem(null);
    onCreate(standards as ImportNewStandard[]);
  }

  return (
    <div className="mt-6 space-y-3">
      <h3 className="font-semibold">{t.missingStandardsHeading(names.length)}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t.missingStandardsHint}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {names.map((name, index) => (
          <Field
            key={name}
            label={t.gradeLevelOf(name)}
            inputMode="numeric"
            value={levels[index] ?? ''}
            error={problem && gradeLevelOf(levels[index] ?? '') === null ? problem : undefined}
            disabled={busy}
            onChange={(event) => {
              const next = [...levels];
              next[index] = event.target.value;
              setLevels(next);
            }}
          />
        ))}
      </div>
      <Button variant="secondary" loading={busy} onClick={create}>
        {t.createStandardsButton}
      </Button>
    </div>
  );
}

/** What can be done with a file that has wrong rows: take them away to fix, or import the rest. */
function WrongRows({
  result,
  busy,
  onDownload,
  onImportValid,
}: {
  result: ImportResult;
  busy: boolean;
  onDownload: () => void;
  onImportValid: () => void;
}) {
  const valid = result.created + result.updated + result.unchanged;
  return (
    <div className="mt-6 space-y-3">
      <h3 className="font-semibold">{t.wrongRowsHeading}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t.wrongRowsHint}
        {result.error_count > result.errors.length && ` ${t.wrongRowsCapped(result.errors.length)}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={busy} onClick={onDownload}>
          {t.downloadWrongRows}
        </Button>
        {valid > 0 && (
          <Button loading={busy} onClick={onImportValid}>
            <FileUp aria-hidden="true" className="size-4" />
            {t.importValidRows(valid)}
          </Button>
        )}
      </div>
      {valid > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t.importValidRowsHint}</p>
      )}
    </div>
  );
}
