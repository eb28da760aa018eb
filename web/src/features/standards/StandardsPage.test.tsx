import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  appTexts,
  buildPath,
  dailyUseTexts,
  dashboardTexts,
  everydayTexts,
  currentAcademicYear,
  recordPaths,
  teacherTexts,
  texts,
} from '@um/contract';
import type { Standard } from '@um/contract';
import { createQueryClient } from '../../lib/query';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { StandardsPage } from './StandardsPage';

const LIST = `GET ${apiPaths.standards}`;
const CREATE = `POST ${apiPaths.standards}`;

function standard(id: number, name: string, grade: number, students = 0): Standard {
  return {
    id,
    name,
    grade_level: grade,
    description: '',
    academic_year: '2025',
    created_at: '2025-09-01T08:00:00.000Z',
    updated_at: '2025-09-01T08:00:00.000Z',
    student_count: students,
    version: 1,
    teachers: [],
  };
}

const priya = { id: 31, name: 'Priya Shah' };
const omar = { id: 32, name: 'Omar Haddad' };
const grade5 = standard(5, 'Grade 5 A', 5, 2);
const grade6 = standard(6, 'Grade 6 B', 6, 1);
/** The newest event of Grade 5 A's history: a colleague's edit. */
const colleaguesEdit = {
  id: 9,
  at: '2026-11-20T09:30:00.000Z',
  actor: { id: 8, name: 'Tom Okafor' },
  action: 'update',
  batch_id: null,
  changes: { description: { from: '', to: 'Morning shift' } },
};

/** The screen, by default at 2025, the year of the standards above. */
function atStandards(
  routes: Record<string, StubReply | StubHandler>,
  path = '/standards?year=2025',
) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${recordPaths.teacherChoices}`]: { body: { data: [priya, omar] } },
    ...routes,
  });
  renderApp(path);
  return stub;
}

const listOf = (...standards: Standard[]) => ({ body: { data: standards, next_cursor: null } });

describe('standards page', () => {
  it('shows the current academic year’s standards by default, and another year chosen, in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const current = { ...standard(7, 'Grade 7 A', 7), academic_year: currentAcademicYear() };
    atStandards({ [LIST]: listOf(grade5, current) }, '/standards');

    expect(await screen.findByRole('heading', { name: 'Grade 7 A' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Grade 5 A' })).not.toBeInTheDocument();
    const year = screen.getByLabelText(dashboardTexts.yearFilter);
    expect(year).toHaveValue(currentAcademicYear());

    await user.selectOptions(year, '2025');
    expect(await screen.findByRole('heading', { name: 'Grade 5 A' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Grade 7 A' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?year=2025');
  });

  it('lists every standard with its student count, following the cursor in pages of 200', async () => {
    const { callsTo } = atStandards({
      [LIST]: ({ url }) =>
        url.searchParams.get('cursor') === 'after-5'
          ? { body: { data: [grade6], next_cursor: null } }
          : { body: { data: [grade5], next_cursor: 'after-5' } },
    });

    await screen.findByRole('heading', { name: 'Grade 6 B' });
    const items = within(
      screen.getByRole('region', { name: dashboardTexts.standards('2025') }),
    ).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Grade 5 A');
    expect(items[0]).toHaveTextContent('2 students');
    expect(items[1]).toHaveTextContent('1 student');
    expect(callsTo(LIST).map((call) => call.url.search)).toEqual([
      '?limit=200',
      '?limit=200&cursor=after-5',
    ]);
  });

  it("leads from a standard's card to its students", async () => {
    const user = userEvent.setup({ delay: null });
    atStandards({
      [LIST]: listOf(grade5),
      [`GET ${apiPaths.students}`]: { body: { data: [], next_cursor: null } },
      [`GET ${recordPaths.studentsCount}`]: { body: { data: { count: 2 } } },
    });

    await user.click(await screen.findByRole('link', { name: '2 students in Grade 5 A' }));
    expect(
      await screen.findByRole('heading', { name: 'Grade 5 A · 2 students' }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('?standard=5');
  });

  it('says how to start when there are no standards', async () => {
    atStandards({ [LIST]: listOf() });
    expect(await screen.findByText(texts.standards.empty)).toBeInTheDocument();
  });

  it("shows the load failure with the server's detail, and tries again on request", async () => {
    let fail = true;
    const user = userEvent.setup({ delay: null });
    atStandards({
      [LIST]: () =>
        fail ? { status: 400, body: { status: 400, detail: 'Bad cursor.' } } : listOf(grade5),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.standards.loadFailed);
    expect(alert).toHaveTextContent('Bad cursor.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Grade 5 A' })).toBeInTheDocument();
  });

  it('checks the name and the grade level with the spec messages before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = atStandards({ [LIST]: listOf(), [CREATE]: { status: 500 } });

    await user.click(await screen.findByRole('button', { name: 'Add Standard' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    const grade = screen.getByLabelText('Grade level');
    expect(grade).toHaveValue(1);

    await user.type(name, '   ');
    await user.clear(grade);
    await user.click(screen.getByRole('button', { name: 'Save standard' }));
    expect(await screen.findByText(texts.standards.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(texts.standards.gradeLevelRange)).toBeInTheDocument();
    expect(name).toHaveFocus();

    for (const outside of ['0', '13']) {
      await user.clear(grade);
      await user.type(grade, outside);
      await user.type(name, 'Grade 7');
      await user.click(screen.getByRole('button', { name: 'Save standard' }));
      expect(await screen.findByText(texts.standards.gradeLevelRange)).toBeInTheDocument();
      expect(screen.queryByText(texts.standards.nameRequired)).not.toBeInTheDocument();
      await user.clear(name);
    }
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it('adds a standard with trimmed fields and the current year, says so, and refreshes the list', async () => {
    const user = userEvent.setup({ delay: null });
    const added = standard(9, 'Grade 7 C', 7);
    let standards: Standard[] = [];
    const { callsTo } = atStandards({
      [LIST]: () => listOf(...standards),
      [CREATE]: () => {
        standards = [added];
        return { status: 201, body: { data: added } };
      },
    });

    const addButton = await screen.findByRole('button', { name: 'Add Standard' });
    await user.click(addButton);
    expect(addButton).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('Name'), '  Grade 7 C ');
    await user.clear(screen.getByLabelText('Grade level'));
    await user.type(screen.getByLabelText('Grade level'), '7');
    await user.type(screen.getByLabelText('Description (optional)'), ' Science stream ');
    await user.click(screen.getByRole('button', { name: 'Save standard' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.standards.added);
    expect(callsTo(CREATE)[0]!.body).toEqual({
      name: 'Grade 7 C',
      grade_level: 7,
      description: 'Science stream',
      academic_year: currentAcademicYear(),
      teacher_ids: [],
    });
    expect(screen.getByRole('heading', { name: 'Grade 7 C' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(addButton).toHaveFocus();
    expect(addButton).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows the add failure with the server's detail, also under the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    const detail = 'A standard named "Grade 5 A" already exists for 2026.';
    atStandards({
      [LIST]: listOf(grade5),
      [CREATE]: { status: 409, body: { status: 409, detail, errors: { name: [detail] } } },
    });

    await user.click(await screen.findByRole('button', { name: 'Add Standard' }));
    await user.type(screen.getByLabelText('Name'), 'Grade 5 A');
    await user.click(screen.getByRole('button', { name: 'Save standard' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.standards.addFailed);
    expect(alert).toHaveTextContent(detail);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(detail);
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('edits one standard at a time with Add Standard disabled, sending the id and the version, and keeping its year', async () => {
    const user = userEvent.setup({ delay: null });
    let current = grade5;
    const path = buildPath(apiPaths.standard, { id: 5 });
    const { callsTo } = atStandards({
      [LIST]: () => listOf(current, grade6),
      [`PUT ${path}`]: ({ body }) => {
        current = { ...current, ...(body as Partial<Standard>) };
        return { body: { data: current } };
      },
    });

    const edit = await screen.findByRole('button', { name: 'Edit standard Grade 5 A' });
    await user.click(edit);
    expect(screen.getByRole('button', { name: 'Add Standard' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Edit standard Grade 5 A' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Grade 5 A');
    expect(screen.getByLabelText('Grade level')).toHaveValue(5);

    await user.click(screen.getByRole('button', { name: 'Edit standard Grade 6 B' }));
    expect(screen.getAllByLabelText('Name')).toHaveLength(1);
    expect(screen.getByLabelText('Name')).toHaveValue('Grade 6 B');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Standard' })).toBeEnabled();

    await user.click(edit);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Grade 5 Rose');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.standards.updated);
    expect(callsTo(`PUT ${path}`)[0]!.body).toEqual({
      id: 5,
      name: 'Grade 5 Rose',
      grade_level: 5,
      description: '',
      academic_year: '2025',
      teacher_ids: [],
      version: 1,
    });
    expect(await screen.findByRole('heading', { name: 'Grade 5 Rose' })).toBeInTheDocument();
  });

  it("shows the update failure with the server's detail", async () => {
    const user = userEvent.setup({ delay: null });
    const path = buildPath(apiPaths.standard, { id: 5 });
    atStandards({
      [LIST]: listOf(grade5),
      [`PUT ${path}`]: { status: 404, body: { status: 404, detail: 'Standard not found.' } },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit standard Grade 5 A' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.standards.updateFailed);
    expect(alert).toHaveTextContent('Standard not found.');
  });

  it('shows what a colleague changed next to what was typed, naming them, and keeps theirs without losing their changes', async () => {
    const user = userEvent.setup({ delay: null });
    const path = buildPath(apiPaths.standard, { id: 5 });
    let stored: Standard = { ...grade5, description: 'Morning shift', version: 2 };
    let saves = 0;
    const { callsTo } = atStandards({
      [`GET ${buildPath(recordPaths.standardHistory, { id: 5 })}`]: {
        body: { data: [colleaguesEdit], next_cursor: 'older' },
      },
      // The list was read before the colleague saved: it shows version 1 until a save here.
      [LIST]: () => listOf(saves === 0 ? grade5 : stored, grade6),
      [`PUT ${path}`]: ({ body }) => {
        saves += 1;
        const sent = body as Standard;
        if (sent.version !== stored.version) {
          return {
            status: 409,
            body: {
              type: 'urn:problem-type:conflict/edit-conflict',
              status: 409,
              detail: appTexts.history.editConflict,
              current: stored,
            },
          };
        }
        stored = { ...stored, ...sent, version: stored.version + 1 };
        return { body: { data: stored } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit standard Grade 5 A' }));
    await user.clear(screen.getByLabelText('Grade level'));
    await user.type(screen.getByLabelText('Grade level'), '6');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByRole('alert', {
      name: dailyUseTexts.conflict.by('Tom Okafor'),
    });
    expect(
      within(conflict)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', appTexts.history.theirs, appTexts.history.yours]);
    // Only what the colleague changed: the grade was changed here alone.
    expect(within(conflict).queryByRole('row', { name: /Grade level/ })).not.toBeInTheDocument();
    const description = within(conflict).getByRole('row', { name: /Description/ });
    expect(
      within(description)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Morning shift', '—']);
    expect(within(conflict).queryByRole('row', { name: /Name/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Grade level')).toHaveValue(6);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(within(conflict).getByRole('button', { name: appTexts.history.keepTheirs }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Grade level')).toHaveValue(5);
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Morning shift');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Grade 5 Rose');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.standards.updated);
    expect(callsTo(`PUT ${path}`).map((call) => (call.body as Standard).version)).toEqual([1, 2]);
    expect(stored).toMatchObject({
      name: 'Grade 5 Rose',
      grade_level: 5,
      description: 'Morning shift',
      version: 3,
    });
  });

  it("saves what was typed over a colleague's save, with the version and year it now has", async () => {
    const user = userEvent.setup({ delay: null });
    const path = buildPath(apiPaths.standard, { id: 5 });
    let stored: Standard = { ...grade5, description: 'Morning shift', version: 4 };
    const { callsTo } = atStandards({
      [LIST]: () => listOf(grade5),
      [`PUT ${path}`]: ({ body }) => {
        const sent = body as Standard;
        if (sent.version !== stored.version) {
          return {
            status: 409,
            body: { type: 'x/edit-conflict', status: 409, detail: 'changed', current: stored },
          };
        }
        stored = { ...stored, ...sent, version: stored.version + 1 };
        return { body: { data: stored } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit standard Grade 5 A' }));
    await user.type(screen.getByLabelText('Description (optional)'), 'Evening shift');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByRole('alert', { name: appTexts.history.conflictTitle });
    const description = within(conflict).getByRole('row', { name: /Description/ });
    expect(
      within(description)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Morning shift', 'Evening shift']);
    await user.click(within(conflict).getByRole('button', { name: dailyUseTexts.conflict.save }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.standards.updated);
    expect(callsTo(`PUT ${path}`).map((call) => call.body)).toEqual([
      expect.objectContaining({ description: 'Evening shift', version: 1 }),
      {
        id: 5,
        name: 'Grade 5 A',
        grade_level: 5,
        description: 'Evening shift',
        academic_year: '2025',
        teacher_ids: [],
        version: 4,
      },
    ]);
    expect(stored).toMatchObject({ description: 'Evening shift', version: 5 });
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it("reads a standard's history from its row: who, when, and each field's old and new value", async () => {
    const user = userEvent.setup({ delay: null });
    const events = [
      {
        id: 4,
        at: '2026-11-20T09:30:00.000Z',
        actor: { id: 8, name: 'Tom Okafor' },
        action: 'update',
        batch_id: null,
        changes: {
          name: { from: 'Grade 5', to: 'Grade 5 A' },
          grade_level: { from: 4, to: 5 },
          description: { from: '', to: 'Morning shift' },
        },
      },
      {
        id: 2,
        at: '2026-11-19T08:00:00.000Z',
        actor: { id: 7, name: 'Ada Lovelace' },
        action: 'create',
        batch_id: null,
        changes: { name: { from: null, to: 'Grade 5' } },
      },
    ];
    const { callsTo } = atStandards({
      [LIST]: listOf(grade5, grade6),
      [`GET ${buildPath(recordPaths.standardHistory, { id: 5 })}`]: {
        body: { data: events, next_cursor: null },
      },
    });

    const open = await screen.findByRole('button', { name: 'History of standard Grade 5 A' });
    expect(screen.getByRole('button', { name: 'History of standard Grade 6 B' })).toBeVisible();
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'History of standard Grade 5 A' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tom Okafor changed it on');
    expect(items[0]).toHaveTextContent('Name: “Grade 5” → “Grade 5 A”');
    expect(items[0]).toHaveTextContent('Grade level: “4” → “5”');
    expect(items[0]).toHaveTextContent('Description: nothing → “Morning shift”');
    expect(dialog).toHaveTextContent('Ada Lovelace added it on');
    expect(callsTo(`GET ${buildPath(recordPaths.standardHistory, { id: 5 })}`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("shows a standard's older changes on request, page after page, until there are none", async () => {
    const user = userEvent.setup({ delay: null });
    const change = (id: number, from: string, to: string) => ({
      id,
      at: '2026-11-20T09:30:00.000Z',
      actor: { id: 8, name: 'Tom Okafor' },
      action: 'update',
      batch_id: null,
      changes: { description: { from, to } },
    });
    const historyPath = buildPath(recordPaths.standardHistory, { id: 5 });
    const { callsTo } = atStandards({
      [LIST]: listOf(grade5),
      [`GET ${historyPath}`]: ({ url }) =>
        url.searchParams.get('cursor') === 'older'
          ? { body: { data: [change(1, 'First', 'Second')], next_cursor: null } }
          : { body: { data: [change(2, 'Second', 'Third')], next_cursor: 'older' } },
    });

    await user.click(await screen.findByRole('button', { name: 'History of standard Grade 5 A' }));
    const dialog = screen.getByRole('dialog', { name: 'History of standard Grade 5 A' });
    expect(await within(dialog).findByText(/“Second” → “Third”/)).toBeVisible();
    expect(within(dialog).queryByText(/“First” → “Second”/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: appTexts.history.showOlder }));

    expect(await within(dialog).findByText(/“First” → “Second”/)).toBeVisible();
    expect(within(dialog).getByText(/“Second” → “Third”/)).toBeVisible();
    expect(
      within(dialog).queryByRole('button', { name: appTexts.history.showOlder }),
    ).not.toBeInTheDocument();
    expect(callsTo(`GET ${historyPath}`).map(({ url }) => url.searchParams.get('cursor'))).toEqual([
      null,
      'older',
    ]);
  });

  it("says so when a standard's history cannot be read", async () => {
    const user = userEvent.setup({ delay: null });
    atStandards({
      [LIST]: listOf(grade5),
      [`GET ${buildPath(recordPaths.standardHistory, { id: 5 })}`]: { status: 404 },
    });

    await user.click(await screen.findByRole('button', { name: 'History of standard Grade 5 A' }));

    const dialog = screen.getByRole('dialog', { name: 'History of standard Grade 5 A' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      appTexts.history.historyLoadFailed,
    );
  });

  it('says a standard with students is in use, with a way to its students, and asks nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const path = buildPath(apiPaths.standard, { id: 5 });
    const { callsTo } = atStandards({ [LIST]: listOf(grade5) });

    const remove = await screen.findByRole('button', { name: 'Delete standard Grade 5 A' });
    await user.click(remove);

    const dialog = screen.getByRole('dialog', {
      name: everydayTexts.standardInUse.title('Grade 5 A'),
    });
    expect(dialog).toHaveTextContent('In use by 2 students');
    expect(dialog).not.toHaveTextContent(texts.standards.confirmDelete);
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: everydayTexts.standardInUse.showStudents }),
    ).toHaveAttribute('href', '/students?standard=5');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(callsTo(`DELETE ${path}`)).toHaveLength(0);
  });

  it("asks before deleting an empty standard, and a refusal shows the spec message and the server's detail", async () => {
    const user = userEvent.setup({ delay: null });
    const path = buildPath(apiPaths.standard, { id: 6 });
    // The list said no students, but one was added meanwhile: the server refuses.
    const detail = 'Standard "Grade 6 B" is in use by 1 student.';
    const { callsTo } = atStandards({
      [LIST]: listOf(standard(6, 'Grade 6 B', 6)),
      [`DELETE ${path}`]: { status: 409, body: { status: 409, detail } },
    });

    const remove = await screen.findByRole('button', { name: 'Delete standard Grade 6 B' });
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Delete standard Grade 6 B' });
    expect(dialog).toHaveAccessibleDescription(texts.standards.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(`DELETE ${path}`)).toHaveLength(0);
    expect(remove).toHaveFocus();

    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.standards.deleteFailed);
    expect(alert).toHaveTextContent(detail);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
  });

  it('puts a deleted standard back when Undo in the banner is clicked', async () => {
    const user = userEvent.setup({ delay: null });
    const path = buildPath(apiPaths.standard, { id: 6 });
    const empty = standard(6, 'Grade 6 B', 6);
    const restorePath = buildPath(recordPaths.restoreStandard, { id: 6 });
    let standards = [grade5, empty];
    const { callsTo } = atStandards({
      [LIST]: () => listOf(...standards),
      [`DELETE ${path}`]: () => {
        standards = [grade5];
        return { status: 204 };
      },
      [`POST ${restorePath}`]: () => {
        standards = [grade5, empty];
        return { body: { data: empty } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete standard Grade 6 B' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(texts.standards.deleted);
    await user.click(within(banner).getByRole('button', { name: appTexts.history.undo }));

    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.history.standardRestored);
    expect(callsTo(`POST ${restorePath}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Grade 6 B' })).toBeInTheDocument();
  });

  it('shows the log-in message and calls nothing without a token', () => {
    const { calls } = stubFetch({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <StandardsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(texts.access.pleaseLogIn);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });
  it('gives a standard its teachers, chosen from the staff, sends them in order and shows them on its card', async () => {
    const user = userEvent.setup({ delay: null });
    const path = `PUT ${buildPath(apiPaths.standard, { id: 5 })}`;
    let saved = grade5;
    const { callsTo } = atStandards({
      [LIST]: () => listOf(saved),
      [path]: () => {
        saved = { ...grade5, version: 2, teachers: [priya, omar] };
        return { body: { data: saved } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit standard Grade 5 A' }));
    expect(screen.getByText(teacherTexts.none)).toBeInTheDocument();
    const add = screen.getByLabelText(teacherTexts.add);
    await user.selectOptions(add, await screen.findByRole('option', { name: 'Omar Haddad' }));
    await user.selectOptions(add, screen.getByRole('option', { name: 'Priya Shah' }));
    await user.click(screen.getByRole('button', { name: teacherTexts.remove('Omar Haddad') }));
    await user.selectOptions(add, screen.getByRole('option', { name: 'Omar Haddad' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.standards.updated);
    expect(callsTo(path)[0]!.body).toMatchObject({ teacher_ids: [priya.id, omar.id] });
    const card = (await screen.findByRole('heading', { name: 'Grade 5 A' })).closest('li')!;
    expect(await within(card).findByText('Teachers: Priya Shah, Omar Haddad')).toBeInTheDocument();
  });
});
