import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  buildPath,
  recordPaths,
  texts,
  yearEndScreenTexts as t,
  yearEndTexts,
} from '@um/contract';
import type { Standard, Student, YearEndResult } from '@um/contract';
import { setWideScreen } from '../../test/match-media';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply, StubRequest } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';

const stamp = '2025-06-01T08:00:00.000Z';
const BATCH = '4c1f2a3b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const LIST = `GET ${apiPaths.standards}`;
const SEARCH = `GET ${apiPaths.students}`;
const YEAR_END = `POST ${recordPaths.yearEnd}`;
const UNDO = `POST ${buildPath(recordPaths.batchUndo, { batch_id: BATCH })}`;

const standard = (
  id: number,
  name: string,
  grade: number,
  year: string,
  students: number,
): Standard => ({
  id,
  name,
  grade_level: grade,
  description: '',
  academic_year: year,
  created_at: stamp,
  updated_at: stamp,
  student_count: students,
  version: 1,
  teachers: [],
});

const student = (id: number, name: string, roll: string, standardId: number): Student => ({
  id,
  name,
  email: '',
  roll_number: roll,
  standard: standardId,
  phone_number: '',
  address: '',
  admission_number: '',
  date_of_birth: null,
  status: 'active',
  left_on: null,
  guardians: [],
  created_at: stamp,
  updated_at: stamp,
  version: 1,
});

const lastYears = [standard(90, 'Class 9 A', 9, '2024', 0)];
// Listed out of order: the screen reads them by grade.
const thisYear = [
  standard(3, 'Class 10 A', 10, '2025', 25),
  standard(1, 'Class 8 A', 8, '2025', 30),
  standard(2, 'Class 9 A', 9, '2025', 28),
];
// Made ahead, still empty: the year that ends is the one with students.
const nextYear = [standard(13, 'Class 10 A', 10, '2026', 0)];
const asha = student(7, 'Asha Rao', '4', 1);

/** Answers the standards list whole, or one academic year of it. */
const standardsByYear: StubHandler = ({ url }) => {
  const year = url.searchParams.get('academic_year');
  const all = [...lastYears, ...thisYear, ...nextYear];
  return {
    body: {
      data: year === null ? all : all.filter((one) => one.academic_year === year),
      next_cursor: null,
    },
  };
};

const preview: YearEndResult = {
  dry_run: true,
  batch_id: null,
  standards: [
    {
      from_standard: { id: 1, name: 'Class 8 A' },
      to_standard: { id: null, name: 'Class 9 B' },
      moved: 29,
      graduated: 0,
      kept: 1,
      kept_to: { id: 21, name: 'Class 8 A' },
    },
    {
      from_standard: { id: 2, name: 'Class 9 A' },
      to_standard: { id: 13, name: 'Class 10 A' },
      moved: 28,
      graduated: 0,
      kept: 0,
      kept_to: null,
    },
    {
      from_standard: { id: 3, name: 'Class 10 A' },
      to_standard: null,
      moved: 0,
      graduated: 25,
      kept: 0,
      kept_to: null,
    },
  ],
  conflicts: [],
  roll_numbers: [],
};

const ran: YearEndResult = {
  ...preview,
  dry_run: false,
  batch_id: BATCH,
  standards: preview.standards.map((row) =>
    row.to_standard?.id === null ? { ...row, to_standard: { id: 21, name: 'Class 9 B' } } : row,
  ),
};

const taken = {
  type: 'urn:problem-type:year-end-refused',
  title: 'Year end refused',
  status: 422,
  detail: yearEndTexts.refused(1),
  conflicts: [
    {
      student: { id: 8, name: 'Ravi Kumar' },
      roll_number: '12',
      to_standard: { id: 13, name: 'Class 10 A' },
    },
  ],
};

function atYearEnd(routes: Record<string, StubReply | StubHandler>, path = '/standards/year-end') {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [LIST]: standardsByYear,
    ...routes,
  });
  renderApp(path);
  return stub;
}

/** The year end's answer: a preview or a run, as the query asks. */
const yearEnd =
  (answers: { preview: StubReply; run?: StubReply }): StubHandler =>
  ({ url }: StubRequest) =>
    url.searchParams.get('dry_run') === 'true' ? answers.preview : (answers.run ?? { status: 500 });

const targetOf = (name: string) => screen.getByRole('combobox', { name: t.targetOf(name) });

describe('year end', () => {
  it('is reached from the standards screen by those who may change records', async () => {
    const user = userEvent.setup({ delay: null });
    atYearEnd({}, '/standards');
    await user.click(await screen.findByRole('link', { name: t.title }));
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/standards/year-end');
  });

  it('shows a viewer neither the way in nor anything to run', async () => {
    signIn({ ...testUser, role: 'viewer' });
    stubFetch({
      [`GET ${apiPaths.profile}`]: { body: { ...testUser, role: 'viewer' } },
      [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
      [LIST]: standardsByYear,
    });
    const { router } = renderApp('/standards?year=2025');
    expect(await screen.findByRole('heading', { name: 'Class 8 A' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.title })).not.toBeInTheDocument();

    await router.navigate('/standards/year-end');
    expect(await screen.findByText(t.viewerOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.preview })).not.toBeInTheDocument();
  });

  it('moves every standard on with the targets chosen, keeps a student back, previews, runs after a confirmation and undoes it', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = atYearEnd({
      [SEARCH]: {
        // A namesake in last year's standard, who has nothing to do with this year end.
        body: { data: [asha, student(70, 'Asha Menon', '2', 90)], next_cursor: null },
      },
      [YEAR_END]: yearEnd({ preview: { body: { data: preview } }, run: { body: { data: ran } } }),
      [UNDO]: { body: { data: { batch_id: BATCH, counts: { reverted: 82 } } } },
    });

    // The year with students ends, into the one after it.
    expect(await screen.findByRole('combobox', { name: t.fromYear })).toHaveValue('2025');
    expect(screen.getByLabelText(t.toYear)).toHaveValue('2026');
    // On a phone each standard is a card, its target chosen inside it.
    const cards = within(await screen.findByRole('list', { name: t.targetsTable })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Class 8 A',
      'Class 9 A',
      'Class 10 A',
    ]);
    expect(
      within(cards[0]!).getByRole('combobox', { name: t.targetOf('Class 8 A') }),
    ).toBeVisible();
    // Grade 8 has no standard one grade up next year: a new one, named after the grade.
    expect(targetOf('Class 8 A')).toHaveValue('new');
    expect(screen.getByLabelText(t.newNameOf('Class 8 A'))).toHaveValue('Class 9 A');
    expect(screen.getByLabelText(t.newGradeOf('Class 8 A'))).toHaveValue(9);
    expect(targetOf('Class 9 A')).toHaveValue('13');
    expect(targetOf('Class 10 A')).toHaveValue('graduate');
    expect(callsTo(LIST).map((call) => call.url.searchParams.get('academic_year'))).toEqual(
      expect.arrayContaining([null, '2025', '2026']),
    );

    const newName = screen.getByLabelText(t.newNameOf('Class 8 A'));
    await user.clear(newName);
    await user.type(newName, 'Class 9 B');

    await user.type(screen.getByRole('searchbox', { name: t.search }), 'Asha');
    const found = await screen.findByRole('list', { name: t.matches });
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: t.keepStudent('Asha Rao') }));
    expect(screen.getByRole('searchbox', { name: t.search })).toHaveFocus();
    expect(screen.getByRole('heading', { name: t.keptHeading(1) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.removeStudent('Asha Rao') })).toBeInTheDocument();
    expect(callsTo(SEARCH).at(-1)?.url.searchParams.get('q')).toBe('Asha');

    await user.click(screen.getByRole('button', { name: t.preview }));
    const previewHeading = await screen.findByRole('heading', {
      name: t.previewHeading('2025', '2026'),
    });
    expect(previewHeading).toHaveFocus();
    expect(callsTo(YEAR_END)[0]?.url.search).toBe('?dry_run=true');
    expect(callsTo(YEAR_END)[0]?.body).toEqual({
      from_year: '2025',
      to_year: '2026',
      moves: [
        { from_standard: 1, to_new: { name: 'Class 9 B', grade_level: 9 } },
        { from_standard: 2, to_standard: 13 },
        { from_standard: 3, graduate: true },
      ],
      keep: [7],
      roll_numbers: 'keep',
    });
    const report = screen.getByRole('list', { name: t.reportTable });
    expect(report).toHaveTextContent(t.newMark('Class 9 B'));
    expect(report).toHaveTextContent(t.graduates);
    expect(screen.getByText(t.totals({ moved: 57, graduated: 25, kept: 1 }))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.run }));
    const dialog = await screen.findByRole('dialog', { name: t.confirmTitle('2025', '2026') });
    expect(dialog).toHaveTextContent(t.confirm({ moved: 57, graduated: 25, kept: 1 }));
    await user.click(within(dialog).getByRole('button', { name: t.run }));

    const done = await screen.findByRole('heading', { name: t.doneHeading('2025', '2026') });
    await waitFor(() => expect(done).toHaveFocus());
    expect(callsTo(YEAR_END)[1]?.url.search).toBe('?dry_run=false');
    expect(callsTo(YEAR_END)[1]?.body).toEqual(callsTo(YEAR_END)[0]?.body);
    expect(screen.getByRole('link', { name: t.studentsOf('Class 9 B') })).toHaveAttribute(
      'href',
      '/students?standard=21',
    );

    await user.click(screen.getByRole('button', { name: t.undo }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.undone);
    expect(await screen.findByText(t.undoneNote)).toHaveFocus();
    expect(callsTo(UNDO)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: t.studentsOf('Class 9 B') })).not.toBeInTheDocument();
  });

  it('lists the standards as rows of a table on a wide screen, each with its target', async () => {
    setWideScreen(true);
    atYearEnd({});
    const table = await screen.findByRole('table', { name: t.targetsTable });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent)).toEqual([
      undefined,
      'Class 8 A',
      'Class 9 A',
      'Class 10 A',
    ]);
    expect(within(rows[1]!).getByRole('combobox', { name: t.targetOf('Class 8 A') })).toHaveValue(
      'new',
    );
  });

  it('checks the choices as the server would before asking it, and shows its refusals beside them', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = atYearEnd({
      [YEAR_END]: yearEnd({
        preview: {
          status: 400,
          body: {
            type: 'urn:problem-type:validation',
            title: 'Validation failed',
            status: 400,
            detail: yearEndTexts.newNameTaken('Class 9 A', '2026'),
            errors: { 'moves.0.to_new.name': [yearEndTexts.newNameTaken('Class 9 A', '2026')] },
          },
        },
      }),
    });

    const newName = await screen.findByLabelText(t.newNameOf('Class 8 A'));
    await user.clear(newName);
    const nextYearBox = screen.getByLabelText(t.toYear);
    await user.clear(nextYearBox);
    await user.type(nextYearBox, '2025');
    await user.click(screen.getByRole('button', { name: t.preview }));
    expect(await screen.findByText(yearEndTexts.sameYear)).toBeInTheDocument();
    expect(nextYearBox).toHaveFocus();
    expect(screen.getByText(texts.standards.nameRequired)).toBeInTheDocument();
    expect(callsTo(YEAR_END)).toHaveLength(0);

    await user.clear(nextYearBox);
    await user.type(nextYearBox, '2026');
    await user.type(screen.getByLabelText(t.newNameOf('Class 8 A')), 'Class 9 A');
    await user.click(screen.getByRole('button', { name: t.preview }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.previewFailed);
    const nameBox = screen.getByLabelText(t.newNameOf('Class 8 A'));
    expect(nameBox).toHaveAccessibleDescription(yearEndTexts.newNameTaken('Class 9 A', '2026'));
    expect(nameBox).toHaveFocus();
    expect(nameBox).toHaveValue('Class 9 A');
    expect(screen.queryByRole('button', { name: t.run })).not.toBeInTheDocument();
  });

  it('names the students whose roll numbers are taken, before the run and when a run is refused, and keeps every choice', async () => {
    const user = userEvent.setup({ delay: null });
    let conflicted = false;
    const { callsTo } = atYearEnd({
      [YEAR_END]: ({ url }) =>
        url.searchParams.get('dry_run') === 'true'
          ? { body: { data: { ...preview, conflicts: conflicted ? taken.conflicts : [] } } }
          : { status: 422, body: taken },
    });

    await user.selectOptions(
      await screen.findByRole('combobox', { name: t.targetOf('Class 8 A') }),
      t.graduates,
    );
    await user.click(screen.getByRole('button', { name: t.preview }));
    await user.click(await screen.findByRole('button', { name: t.run }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t.run }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.runFailed);
    expect(alert).toHaveTextContent(yearEndTexts.refused(1));
    const conflicts = screen.getByRole('list', { name: t.conflictsTable });
    const row = within(conflicts)
      .getAllByRole('listitem')
      .find((card) => within(card).queryByRole('heading', { name: 'Ravi Kumar' }));
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('Class 10 A');
    expect(screen.queryByRole('button', { name: t.run })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.previewHeading('2025', '2026') })).toHaveFocus();
    expect(targetOf('Class 8 A')).toHaveValue('graduate');
    expect(callsTo(YEAR_END)).toHaveLength(2);

    // A new preview says the same until the roll number is freed.
    conflicted = true;
    await user.selectOptions(targetOf('Class 8 A'), t.newStandard);
    expect(
      screen.queryByRole('heading', { name: t.previewHeading('2025', '2026') }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.preview }));
    expect(await screen.findByText(t.conflictsHeading(1))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.run })).not.toBeInTheDocument();
  });

  it('says so when there are no standards to end', async () => {
    atYearEnd({ [LIST]: { body: { data: [], next_cursor: null } } });
    expect(await screen.findByText(t.noStandards)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.preview })).not.toBeInTheDocument();
  });

  it('says when more students match than the search looked at, and finds the one by more of the name', async () => {
    const user = userEvent.setup({ delay: null });
    atYearEnd({
      [SEARCH]: ({ url }) =>
        url.searchParams.get('q') === 'a'
          ? {
              // The first page by name: all of last year's standard, and more to come.
              body: {
                data: Array.from({ length: 50 }, (_, index) =>
                  student(100 + index, `Aaron ${index}`, String(index), 90),
                ),
                next_cursor: 'more',
              },
            }
          : { body: { data: [asha], next_cursor: null } },
    });
    const search = await screen.findByRole('searchbox', { name: t.search });
    await user.type(search, 'a');
    expect(await screen.findByText(t.moreMatches(50))).toBeInTheDocument();
    expect(screen.queryByText(t.noMatches)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: t.matches })).not.toBeInTheDocument();

    await user.type(search, 'sha');
    const found = await screen.findByRole('list', { name: t.matches });
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(t.moreMatches(50))).not.toBeInTheDocument();
  });
});
