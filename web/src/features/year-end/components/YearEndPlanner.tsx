import { useMemo, useState } from 'react';
import { academicYearSchema, texts, yearEndSchema, yearEndScreenTexts as t } from '@um/contract';
import type { RollNumberChoice, Standard, YearEndRequest, YearEndResult } from '@um/contract';
import { Banner } from '../../../components/ui/Banner';
import type { Notice } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { Field, SelectField } from '../../../components/ui/Field';
import { ListBody } from '../../../components/ui/ListStates';
import { Section } from '../../../components/ui/Section';
import { errorDetail } from '../../../lib/api-client';
import { useAllStandards } from '../../../lib/api/get-all-standards';
import { useFieldErrors } from '../../../lib/forms';
import { serverFieldErrors } from '../../../lib/server-errors';
import { check } from '../../../lib/validation';
import { useYearStandards } from '../api/get-year-standards';
import { refusedYearEnd, usePreviewYearEnd, useRunYearEnd } from '../api/run-year-end';
import { byGrade, defaultTarget, targetIn, totalsOf, yearEndInput } from '../plan';
import type { KeptStudent, Target } from '../plan';
import { RollNumberChanges, RollNumberChoiceField } from '../../../components/ui/RollNumbers';
import { Conflicts } from './Conflicts';
import { KeepBack } from './KeepBack';
import { TargetTable } from './TargetTable';
import { YearEndReport } from './YearEndReport';

export interface YearEndPlannerProps {
  onDone: (done: { request: YearEndRequest; result: YearEndResult }) => void;
  onNotice: (notice: Notice) => void;
  onClearNotice: () => void;
}

/** A preview, and the request it was made for: it stands while the choices are still those. */
interface Preview {
  key: string;
  request: YearEndRequest;
  result: YearEndResult;
  /** Counts the answers shown, so each new one takes the focus to its heading. */
  shown: number;
}

/** The fields the screen shows a message beside; any other message is listed above Preview. */
const shownBesideField =
  /^(from_year|to_year|moves\.\d+(\.(from_standard|to_standard|graduate|to_new(\.(name|grade_level))?))?)$/;

/**
 * The year that ends unless the person chooses another: the latest with students, as the next
 * year's standards are often made, still empty, before the year ends; the latest of all when
 * no standard has students.
 */
function latestTaught(standards: readonly Standard[]): string | null {
  const latest = (of: readonly Standard[]) =>
    of.reduce<string | null>(
      (year, { academic_year }) => (year === null || academic_year > year ? academic_year : year),
      null,
    );
  return latest(standards.filter(({ student_count }) => student_count > 0)) ?? latest(standards);
}

/**
 * The year end before it runs: the years, where each standard goes, who is kept back, the
 * preview, and the run itself after a confirmation. Nothing chosen is lost when a step fails.
 */
export function YearEndPlanner({ onDone, onNotice, onClearNotice }: YearEndPlannerProps) {
  const all = useAllStandards();
  const years = useMemo(
    () => [...new Set((all.data ?? []).map(({ academic_year }) => academic_year))].sort().reverse(),
    [all.data],
  );
  const [fromChoice, setFromChoice] = useState<string | null>(null);
  const [toChoice, setToChoice] = useState<string | null>(null);
  const from =
    fromChoice !== null && years.includes(fromChoice) ? fromChoice : latestTaught(all.data ?? []);
  // The next year follows the year that ends until the person types one.
  const to = toChoice ?? (from === null ? '' : String(Number(from) + 1));
  const toUsable = academicYearSchema.safeParse(to).success && to !== from;

  const fromList = useYearStandards(from);
  const nextList = useYearStandards(toUsable ? to : null);
  const standards = useMemo(() => byGrade(fromList.data ?? []), [fromList.data]);
  const nextYear = useMemo(
    () => (toUsable ? byGrade(nextList.data ?? []) : []),
    [toUsable, nextList.data],
  );

  /** The person's own choices by standard; every other standard goes where defaultTarget says. */
  const [choices, setChoices] = useState<Record<number, Target>>({});
  /** Kept by every year chosen so far; a year's own are those of its standards. */
  const [kept, setKept] = useState<KeptStudent[]>([]);
  const [rollNumbers, setRollNumbers] = useState<RollNumberChoice>('keep');
  const { formRef, errors, setErrors } = useFieldErrors();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewing = usePreviewYearEnd();
  const running = useRunYearEnd();

  const highest = Math.max(...standards.map(({ grade_level }) => grade_level));
  const rows = standards.map((standard) => ({
    standard,
    target: targetIn(choices[standard.id], defaultTarget(standard, highest, nextYear), nextYear),
  }));
  const keptHere = kept.filter(({ standard }) => standards.some(({ id }) => id === standard));
  const input =
    from === null ? null : { ...yearEndInput(from, to, rows, keptHere), roll_numbers: rollNumbers };
  const inputKey = JSON.stringify(input);
  // A preview of other choices says nothing about these: it goes until they are previewed.
  const current = preview?.key === inputKey ? preview : null;
  const otherProblems = Object.entries(errors)
    .filter(([field]) => !shownBesideField.test(field))
    .map(([, message]) => message);

  function failed(message: string, error: unknown) {
    setErrors(serverFieldErrors(error));
    onNotice({ tone: 'error', message, detail: errorDetail(error) });
  }

  function previewIt() {
    onClearNotice();
    const request = input && check(yearEndSchema, input, setErrors);
    if (!request) return;
    const key = inputKey;
    previewing.mutate(request, {
      onSuccess: (result) =>
        setPreview((before) => ({ key, request, result, shown: (before?.shown ?? 0) + 1 })),
      onError: (error) => failed(t.previewFailed, error),
    });
  }

  function runIt() {
    if (!current) return;
    onClearNotice();
    running.mutate(current.request, {
      onSuccess: (result) => {
        setConfirming(false);
        onDone({ request: current.request, result });
      },
      onError: (error) => {
        setConfirming(false);
        // Roll numbers taken since the preview: the preview now names those students.
        const conflicts = refusedYearEnd(error);
        if (conflicts) {
          setPreview({
            ...current,
            result: { ...current.result, conflicts },
            shown: current.shown + 1,
          });
        }
        failed(t.runFailed, error);
      },
    });
  }

  const listsPending = fromList.isPending || (toUsable && nextList.isPending);

  return (
    <ListBody
      query={all}
      count={years.length}
      loadingLabel={t.loading}
      rowClassName="h-16"
      loadFailed={texts.standards.loadFailed}
      empty={t.noStandards}
    >
      {from !== null && (
        // One form, so the first choice in error takes the focus. Preview is a plain button, not
        // a submit: Enter in the search for a student to keep back must not run a preview.
        <form ref={formRef} noValidate onSubmit={(event) => event.preventDefault()}>
          <Section title={t.targetsHeading(from, to)}>
            <div className="mb-6 flex flex-wrap gap-4">
              <SelectField
                label={t.fromYear}
                value={from}
                error={errors['from_year']}
                onChange={(event) => setFromChoice(event.target.value)}
                className="w-40"
              >
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </SelectField>
              <Field
                label={t.toYear}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={to}
                error={errors['to_year']}
                onChange={(event) => setToChoice(event.target.value.trim())}
                className="w-40"
              />
            </div>
            <ListBody
              query={{
                isPending: listsPending,
                isError: fromList.isError || nextList.isError,
                error: fromList.error ?? nextList.error,
                refetch: () => Promise.all([fromList.refetch(), nextList.refetch()]),
              }}
              count={standards.length}
              loadingLabel={t.loading}
              rowClassName="h-12"
              loadFailed={texts.standards.loadFailed}
              empty={t.noStandardsIn(from)}
            >
              <TargetTable
                toYear={to}
                rows={rows}
                nextYear={nextYear}
                errors={errors}
                onChange={(standard: Standard, target: Target) =>
                  setChoices((before) => ({ ...before, [standard.id]: target }))
                }
              />
            </ListBody>
          </Section>

          {standards.length > 0 && (
            <Section title={t.keepHeading}>
              <KeepBack
                year={from}
                standards={standards}
                kept={keptHere}
                onKeep={(student) => setKept((before) => [...before, student])}
                onRemove={(student) =>
                  setKept((before) => before.filter(({ id }) => id !== student.id))
                }
              />
            </Section>
          )}

          {otherProblems.length > 0 && (
            <Banner
              tone="error"
              message={t.problems}
              detail={otherProblems.join(' ')}
              className="mb-6"
            />
          )}
          <div className="mb-6">
            <RollNumberChoiceField
              name="year-end-clashes"
              value={rollNumbers}
              onChange={setRollNumbers}
            />
          </div>
          <div className="mb-6">
            <Button
              loading={previewing.isPending}
              disabled={listsPending || standards.length === 0}
              onClick={previewIt}
            >
              {t.preview}
            </Button>
          </div>

          {current && (
            <Section
              key={current.shown}
              title={t.previewHeading(current.request.from_year, current.request.to_year)}
              focusOnOpen
            >
              <YearEndReport result={current.result} />
              {current.result.roll_numbers.length > 0 && (
                <RollNumberChanges changes={current.result.roll_numbers} />
              )}
              {current.result.conflicts.length > 0 ? (
                <Conflicts conflicts={current.result.conflicts} />
              ) : (
                <div className="mt-6">
                  <Button onClick={() => setConfirming(true)}>{t.run}</Button>
                </div>
              )}
            </Section>
          )}
          <ConfirmDialog
            open={confirming && current !== null}
            title={
              current ? t.confirmTitle(current.request.from_year, current.request.to_year) : ''
            }
            message={current ? t.confirm(totalsOf(current.result)) : ''}
            confirmLabel={t.run}
            busy={running.isPending}
            onConfirm={runIt}
            onCancel={() => setConfirming(false)}
          />
        </form>
      )}
    </ListBody>
  );
}
