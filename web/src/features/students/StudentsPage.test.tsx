import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  appTexts,
  buildPath,
  dailyUseTexts,
  importTexts,
  recordPaths,
  studentRecordTexts,
  texts,
} from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { createQueryClient } from '../../lib/query';
import { pending, stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { STUDENTS_PAGE_SIZE } from './api/get-students';
import { StudentsPage } from './StudentsPage';
import { localToday } from '../../lib/local-date';

const STUDENTS = `GET ${apiPaths.students}`;
const STANDARDS = `GET ${apiPaths.standards}`;
const ADD = `POST ${apiPaths.updateStudents}`;
const UPDATE = `PUT ${apiPaths.updateStudents}`;
const DELETE = `DELETE ${apiPaths.updateStudents}`;
const stamp = '2026-01-10T08:00:00.000Z';

function standard(id: number, name: string): Standard {
  return {
    id,
    name,
    grade_level: 5,
    description: '',
    academic_year: '2026',
    created_at: stamp,
    updated_at: stamp,
    student_count: 0,
    version: 1,
    teachers: [],
  };
}

function student(id: number, name: string, standardId: number, roll: string): Student {
  return {
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@pupils.test`,
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
  };
}

const roses = standard(3, 'Grade 5 Roses');
const lilies = standard(4, 'Grade 6 Lilies');
const asha = student(11, 'Asha Rao', 3, '12');
const ravi = { ...student(12, 'Ravi Kumar', 4, '7'), phone_number: '+91 98450 12345' };

const page = (students: Student[], next: string | null = null) => ({
  body: { data: students, next_cursor: next },
});

function atStudents(path: string, routes: Record<string, StubReply | StubHandler>) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [STANDARDS]: { body: { data: [roses, lilies], next_cursor: null } },
    ...routes,
  });
  renderApp(path);
  return stub;
}

const user = () => userEvent.setup({ delay: null });

async function fillStudent(
  actor: ReturnType<typeof user>,
  values: { name?: string; email?: string; roll?: string; standard?: string },
) {
  if (values.name) await actor.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await actor.type(screen.getByLabelText('Email'), values.email);
  if (values.roll) await actor.type(screen.getByLabelText('Roll number'), values.roll);
  if (values.standard) {
    await actor.selectOptions(screen.getByLabelText('Standard'), values.standard);
  }
}

describe('students page', () => {
  it('exports exactly what the filter shows as students.csv, and says so when it cannot', async () => {
    // jsdom has no object URLs and no downloads: the test sees what the page hands the browser.
    const saved: string[] = [];
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:students';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const EXPORT = `GET ${recordPaths.studentsExport}`;
    let failing = false;
    const { callsTo } = atStudents('/students?standard=4&q=ravi', {
      [STUDENTS]: page([ravi]),
      [EXPORT]: () =>
        failing ? { status: 503, body: { detail: 'Try again soon.' } } : { body: 'csv' },
    });
    const actor = user();

    await actor.click(await screen.findByRole('button', { name: importTexts.exportButton }));
    await waitFor(() => expect(saved).toEqual(['students.csv blob:students']));
    expect(callsTo(EXPORT)[0]!.url.search).toBe('?standard=4&q=ravi');

    failing = true;
    await actor.click(screen.getByRole('button', { name: importTexts.exportButton }));
    expect(await screen.findByText(importTexts.exportFailed)).toBeInTheDocument();
    expect(screen.getByText('Try again soon.')).toBeInTheDocument();
    click.mockRestore();
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  it("lists students with their standard's name, the filter starting on all standards", async () => {
    const { callsTo } = atStudents('/students', { [STUDENTS]: page([asha, ravi]) });

    const list = await screen.findByRole('region', { name: 'All students' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Asha Rao');
    await waitFor(() => expect(rows[0]).toHaveTextContent('StandardGrade 5 Roses'));
    expect(rows[0]).toHaveTextContent('Roll number12');
    expect(rows[0]).toHaveTextContent('Emailasha@pupils.test');
    expect(rows[1]).toHaveTextContent('StandardGrade 6 Lilies');
    expect(rows[1]).toHaveTextContent('Phone+91 98450 12345');

    const filter = screen.getByLabelText('Filter by standard');
    expect(filter).toHaveDisplayValue('All standards');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All standards', 'Grade 5 Roses', 'Grade 6 Lilies']);
    expect(callsTo(STUDENTS)[0]!.url.search).toBe(`?limit=${STUDENTS_PAGE_SIZE}`);
    expect(callsTo(STANDARDS)[0]!.url.search).toBe('?limit=200');
  });

  it('fills the filter from every standard, following the cursor', async () => {
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: page([]),
      [STANDARDS]: ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: { data: [lilies], next_cursor: null } }
          : { body: { data: [roses], next_cursor: 'next' } },
    });

    const filter = await screen.findByLabelText('Filter by standard');
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(3));
    expect(callsTo(STANDARDS).map((call) => call.url.search)).toEqual([
      '?limit=200',
      '?limit=200&cursor=next',
    ]);
  });

  it('takes the filter and the search from the address, so a reload shows the same list', async () => {
    const { callsTo } = atStudents('/students?standard=4&q=ravi', { [STUDENTS]: page([ravi]) });

    expect(
      await screen.findByRole('heading', { name: 'Grade 6 Lilies matching “ravi”' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by standard')).toHaveValue('4');
    expect(screen.getByLabelText('Search students')).toHaveValue('ravi');
    const query = callsTo(STUDENTS)[0]!.url.searchParams;
    expect(query.get('standard')).toBe('4');
    expect(query.get('q')).toBe('ravi');
  });

  it('filters by standard and searches once typing pauses, keeping both in the address', async () => {
    const actor = user();
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: ({ url }) =>
        page(
          [asha, ravi].filter(
            (one) =>
              (!url.searchParams.get('standard') ||
                String(one.standard) === url.searchParams.get('standard')) &&
              one.name.toLowerCase().includes(url.searchParams.get('q') ?? ''),
          ),
        ),
    });
    await screen.findByRole('heading', { name: 'Asha Rao' });

    await actor.selectOptions(screen.getByLabelText('Filter by standard'), 'Grade 5 Roses');
    expect(await screen.findByRole('heading', { name: 'Grade 5 Roses' })).toBeInTheDocument();
    expect(window.location.search).toBe('?standard=3');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Ravi Kumar' })).not.toBeInTheDocument(),
    );

    await actor.selectOptions(screen.getByLabelText('Filter by standard'), 'All standards');
    const before = callsTo(STUDENTS).length;
    await actor.type(screen.getByLabelText('Search students'), 'ravi');
    expect(
      await screen.findByRole('heading', { name: 'All students matching “ravi”' }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('?q=ravi');
    // Fewer requests than keys, the last for the whole word: without the debounce there would be
    // one per key. (A machine that stalls between keys may still send one partial word.)
    // The heading follows the address; the request for it may leave a moment later.
    const searched = () =>
      callsTo(STUDENTS)
        .slice(before)
        .map((call) => call.url.searchParams.get('q'));
    await waitFor(() => expect(searched().at(-1)).toBe('ravi'));
    expect(searched().length).toBeLessThan('ravi'.length);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Asha Rao' })).not.toBeInTheDocument(),
    );

    await actor.clear(screen.getByLabelText('Search students'));
    expect(await screen.findByRole('heading', { name: 'All students' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('shows a new filter choice at once, so the next arrow key steps on from it', async () => {
    atStudents('/students', { [STUDENTS]: page([asha, ravi]) });
    const filter = await screen.findByLabelText<HTMLSelectElement>('Filter by standard');
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(3));

    // The address changes in a transition; what the select shows in the meantime is what an
    // arrow key moves on from.
    let shownRightAfter = '';
    act(() => {
      filter.value = '3';
      filter.dispatchEvent(new Event('change', { bubbles: true }));
      shownRightAfter = filter.value;
    });

    expect(shownRightAfter).toBe('3');
    await waitFor(() => expect(window.location.search).toBe('?standard=3'));
  });

  it('shows placeholder rows under the list heading while the students load', async () => {
    atStudents('/students', { [STUDENTS]: () => pending() });

    expect(await screen.findByRole('heading', { name: 'All students' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading students…');
    expect(screen.queryByText(texts.students.empty)).not.toBeInTheDocument();
  });

  it("says 'No students found' when nothing matches", async () => {
    atStudents('/students?q=nobody', { [STUDENTS]: page([]) });
    expect(await screen.findByText(texts.students.empty)).toBeInTheDocument();
  });

  it('shows the load failures of the students and of the standards', async () => {
    atStudents('/students', {
      [STUDENTS]: { status: 400, body: { status: 400, detail: 'The search is too long.' } },
      [STANDARDS]: { status: 400, body: { status: 400, detail: 'Bad cursor.' } },
    });

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [standards, students] = screen.getAllByRole('alert');
    expect(standards).toHaveTextContent(texts.students.standardsLoadFailed);
    expect(standards).toHaveTextContent('Bad cursor.');
    expect(students).toHaveTextContent(texts.students.loadFailed);
    expect(students).toHaveTextContent('The search is too long.');
  });

  it('requires name, roll number and a standard (not an e-mail) before calling the server', async () => {
    const actor = user();
    const { callsTo } = atStudents('/students', { [STUDENTS]: page([]), [ADD]: { status: 500 } });

    const add = await screen.findByRole('button', { name: 'Add Student' });
    await actor.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Standard')).toHaveDisplayValue('Choose a standard');
    await actor.click(screen.getByRole('button', { name: 'Save student' }));

    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Roll number is required.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a standard.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await fillStudent(actor, { name: 'Asha Rao', email: 'not-an-email', roll: '12' });
    await actor.click(screen.getByRole('button', { name: 'Save student' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(callsTo(ADD)).toHaveLength(0);

    await actor.click(add);
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(add).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds a student with the standard as an integer and the optional fields empty, then says so', async () => {
    const actor = user();
    let students: Student[] = [];
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: () => page(students),
      [ADD]: () => {
        students = [asha];
        return { status: 201, body: { data: asha } };
      },
    });

    const add = await screen.findByRole('button', { name: 'Add Student' });
    await actor.click(add);
    await fillStudent(actor, {
      name: ' Asha Rao ',
      email: 'Asha@Pupils.test',
      roll: '12',
      standard: 'Grade 5 Roses',
    });
    await actor.click(screen.getByRole('button', { name: 'Save student' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.students.added);
    expect(callsTo(ADD)[0]!.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@pupils.test',
      roll_number: '12',
      standard: 3,
      phone_number: '',
      address: '',
      admission_number: '',
      date_of_birth: null,
      status: 'active',
      left_on: null,
      guardians: [],
    });
    expect(
      screen.getByRole('heading', { name: `Asha Rao ${appTexts.students.justAdded}` }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(add).toHaveFocus();
  });

  it('starts a new student on the standard the list is filtered to', async () => {
    const actor = user();
    const { callsTo } = atStudents('/students?standard=4', {
      [STUDENTS]: page([ravi]),
      [ADD]: { status: 201, body: { data: { ...asha, standard: 4 } } },
    });

    await actor.click(await screen.findByRole('button', { name: 'Add Student' }));
    expect(screen.getByLabelText('Standard')).toHaveDisplayValue('Grade 6 Lilies');
    await fillStudent(actor, { name: 'Asha Rao', email: 'asha@pupils.test', roll: '12' });
    await actor.click(screen.getByRole('button', { name: 'Save student' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.students.added);
    expect(callsTo(ADD)[0]!.body).toMatchObject({ standard: 4 });
  });

  it("refuses a duplicate roll number with the generic message and the server's detail", async () => {
    const actor = user();
    const detail = 'Roll number "12" is already taken in standard "Grade 5 Roses".';
    atStudents('/students', {
      [STUDENTS]: page([asha]),
      [ADD]: { status: 409, body: { status: 409, detail, errors: { roll_number: [detail] } } },
    });

    await actor.click(await screen.findByRole('button', { name: 'Add Student' }));
    await fillStudent(actor, {
      name: 'Meena Iyer',
      email: 'meena@pupils.test',
      roll: '12',
      standard: 'Grade 5 Roses',
    });
    await actor.click(screen.getByRole('button', { name: 'Save student' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.students.addFailed);
    expect(alert).toHaveTextContent(detail);
    expect(screen.getByLabelText('Roll number')).toHaveAccessibleDescription(detail);
    expect(screen.getByLabelText('Roll number')).toHaveFocus();
  });

  it('adds guardians (one primary, at most four), a birth date and a leaving date, and keeps them all when the save fails', async () => {
    const actor = user();
    const detail = 'Admission number "A-7" is already taken by another student.';
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: page([]),
      [ADD]: {
        status: 409,
        body: { status: 409, detail, errors: { admission_number: [detail] } },
      },
    });
    await actor.click(await screen.findByRole('button', { name: 'Add Student' }));
    expect(screen.getByRole('group', { name: studentRecordTexts.groups.student })).toBeVisible();
    expect(screen.getByRole('group', { name: studentRecordTexts.groups.school })).toBeVisible();
    await fillStudent(actor, { name: 'Zoë Rao', roll: '9C-2', standard: 'Grade 5 Roses' });
    await actor.type(screen.getByLabelText('Date of birth (optional)'), '2015-04-01');
    await actor.type(screen.getByLabelText(studentRecordTexts.admissionNumber), 'A-7');

    const add = screen.getByRole('button', { name: studentRecordTexts.addGuardian });
    for (let count = 0; count < 4; count += 1) await actor.click(add);
    expect(add).toBeDisabled();
    await actor.click(screen.getByRole('button', { name: studentRecordTexts.removeGuardian(4) }));
    await actor.click(screen.getByRole('button', { name: studentRecordTexts.removeGuardian(3) }));
    const first = screen.getByRole('group', { name: studentRecordTexts.guardianLegend(1) });
    const second = screen.getByRole('group', { name: studentRecordTexts.guardianLegend(2) });
    expect(within(first).getByLabelText(studentRecordTexts.guardianPrimary)).toBeChecked();
    await actor.type(within(first).getByLabelText(studentRecordTexts.guardianName), 'Meera Rao');
    await actor.type(within(second).getByLabelText(studentRecordTexts.guardianName), 'Vikram Rao');
    await actor.type(
      within(second).getByLabelText(studentRecordTexts.guardianPhone),
      '98450 12345',
    );
    await actor.click(within(second).getByLabelText(studentRecordTexts.guardianPrimary));

    await actor.selectOptions(screen.getByLabelText(studentRecordTexts.status), 'left');
    // Marked as left, the student left today unless the date is changed.
    expect(screen.getByLabelText(studentRecordTexts.leftOn)).toHaveValue(localToday());
    await actor.clear(screen.getByLabelText(studentRecordTexts.leftOn));
    await actor.type(screen.getByLabelText(studentRecordTexts.leftOn), '2026-06-30');
    await actor.click(screen.getByRole('button', { name: 'Save student' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(callsTo(ADD)[0]!.body).toMatchObject({
      name: 'Zoë Rao',
      email: '',
      date_of_birth: '2015-04-01',
      admission_number: 'A-7',
      status: 'left',
      left_on: '2026-06-30',
      guardians: [
        { name: 'Meera Rao', relation: '', phone: '', email: '', primary: false },
        { name: 'Vikram Rao', relation: '', phone: '98450 12345', email: '', primary: true },
      ],
    });
    // Nothing typed is lost.
    expect(screen.getByLabelText('Date of birth (optional)')).toHaveValue('2015-04-01');
    expect(within(second).getByLabelText(studentRecordTexts.guardianName)).toHaveValue(
      'Vikram Rao',
    );
    expect(screen.getByLabelText(studentRecordTexts.leftOn)).toHaveValue('2026-06-30');
  });

  it('shows the students who left when the status filter asks, and counts them alike', async () => {
    const actor = user();
    const leaver = { ...ravi, status: 'left' as const, left_on: '2026-06-30' };
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: ({ url }) => page(url.searchParams.get('status') === 'left' ? [leaver] : [asha]),
      [`GET ${recordPaths.studentsCount}`]: { body: { data: { count: 1 } } },
    });
    await screen.findByRole('heading', { name: /^All students/ });
    await actor.selectOptions(
      screen.getByLabelText(studentRecordTexts.statusFilter),
      studentRecordTexts.statuses.left,
    );
    expect(
      await screen.findByRole('heading', { name: /^All students · Left/ }),
    ).toBeInTheDocument();
    // The heading follows the filter at once; the list follows once the leavers are read.
    expect(await screen.findByRole('heading', { name: leaver.name })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: asha.name })).not.toBeInTheDocument();
    // Each leaver says the day they left.
    expect(screen.getByText('2026-06-30')).toBeInTheDocument();
    expect(callsTo(STUDENTS).at(-1)!.url.searchParams.get('status')).toBe('left');
    expect(callsTo(`GET ${recordPaths.studentsCount}`).at(-1)!.url.searchParams.get('status')).toBe(
      'left',
    );
  });

  it('edits a student with the same form, sending its id and the version it started from', async () => {
    const actor = user();
    let current = ravi;
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: () => page([asha, current]),
      [UPDATE]: ({ body }) => {
        current = { ...current, ...(body as Partial<Student>) };
        return { body: { data: current } };
      },
    });

    const edit = await screen.findByRole('button', { name: 'Edit Ravi Kumar, 7' });
    await actor.click(edit);
    expect(screen.getByRole('heading', { name: 'Edit student Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ravi Kumar');
    expect(screen.getByLabelText('Standard')).toHaveDisplayValue('Grade 6 Lilies');
    await actor.clear(screen.getByLabelText('Roll number'));
    await actor.type(screen.getByLabelText('Roll number'), '8');
    await actor.selectOptions(screen.getByLabelText('Standard'), 'Grade 5 Roses');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.students.updated);
    expect(callsTo(UPDATE)[0]!.body).toEqual({
      id: 12,
      name: 'Ravi Kumar',
      email: 'ravi@pupils.test',
      roll_number: '8',
      standard: 3,
      phone_number: '+91 98450 12345',
      address: '',
      admission_number: '',
      date_of_birth: null,
      status: 'active',
      left_on: null,
      guardians: [],
      version: 1,
    });
    expect(edit).toHaveFocus();
  });

  it("shows the update failure with the server's detail", async () => {
    const actor = user();
    atStudents('/students', {
      [STUDENTS]: page([asha]),
      [UPDATE]: { status: 404, body: { status: 404, detail: 'Student not found.' } },
    });

    await actor.click(await screen.findByRole('button', { name: 'Edit Asha Rao, 12' }));
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(appTexts.students.updateFailed);
    expect(alert).toHaveTextContent('Student not found.');
  });

  it("shows a colleague's save next to what was typed, and saves either theirs or mine without losing what was typed", async () => {
    const actor = user();
    const theirs = { ...ravi, phone_number: '+91 11111 22222', address: 'New Road 4', version: 2 };
    let stored = theirs;
    let saves = 0;
    const { callsTo } = atStudents('/students', {
      // The list was read before the colleague saved: it shows version 1 until a save here.
      [STUDENTS]: () => page([asha, saves === 0 ? ravi : stored]),
      [UPDATE]: ({ body }) => {
        saves += 1;
        const sent = body as Student;
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

    await actor.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar, 7' }));
    await actor.clear(screen.getByLabelText('Phone (optional)'));
    await actor.type(screen.getByLabelText('Phone (optional)'), '+91 33333 44444');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByRole('alert', { name: appTexts.history.conflictTitle });
    const phone = within(conflict).getByRole('row', { name: /Phone/ });
    expect(phone).toHaveTextContent('+91 11111 22222');
    expect(phone).toHaveTextContent('+91 33333 44444');
    expect(within(conflict).getByRole('row', { name: /Address/ })).toHaveTextContent('New Road 4');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+91 33333 44444');

    await actor.click(within(conflict).getByRole('button', { name: appTexts.history.keepTheirs }));
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+91 11111 22222');
    expect(screen.getByLabelText('Address (optional)')).toHaveValue('New Road 4');
    await actor.clear(screen.getByLabelText('Name'));
    await actor.type(screen.getByLabelText('Name'), 'Ravi K');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.students.updated);
    expect(callsTo(UPDATE).map((call) => (call.body as Student).version)).toEqual([1, 2]);
    expect(stored).toMatchObject({ name: 'Ravi K', address: 'New Road 4', version: 3 });
  });

  it("saves what was typed over a colleague's save when asked to", async () => {
    const actor = user();
    let stored = { ...ravi, address: 'New Road 4', version: 2 };
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: () => page([asha, { ...ravi, version: 1 }]),
      [UPDATE]: ({ body }) => {
        const sent = body as Student;
        if (sent.version !== stored.version) {
          const problem = {
            type: 'x/edit-conflict',
            status: 409,
            detail: 'changed',
            current: stored,
          };
          return { status: 409, body: problem };
        }
        stored = { ...stored, ...sent, version: stored.version + 1 };
        return { body: { data: stored } };
      },
    });

    await actor.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar, 7' }));
    await actor.type(screen.getByLabelText('Address (optional)'), 'Old Lane 9');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByRole('alert', { name: appTexts.history.conflictTitle });
    await actor.click(within(conflict).getByRole('button', { name: dailyUseTexts.conflict.save }));

    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.students.updated);
    expect(callsTo(UPDATE).map((call) => (call.body as Student).version)).toEqual([1, 2]);
    expect(stored).toMatchObject({ address: 'Old Lane 9', version: 3 });
  });

  it('names the colleague, and saves each field they changed as the person chooses, keeping the fields they did not touch', async () => {
    const actor = user();
    // Tom changed Ravi's phone and address; here the name and the phone were changed.
    let stored = { ...ravi, phone_number: '+91 11111 22222', address: 'New Road 4', version: 2 };
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: () => page([asha, stored.version === 2 ? ravi : stored]),
      [`GET ${buildPath(recordPaths.studentHistory, { id: 12 })}`]: {
        body: {
          data: [
            {
              id: 5,
              at: stamp,
              actor: { id: 8, name: 'Tom Okafor' },
              action: 'update',
              batch_id: null,
              changes: { phone_number: { from: ravi.phone_number, to: stored.phone_number } },
            },
          ],
          next_cursor: null,
        },
      },
      [UPDATE]: ({ body }) => {
        const sent = body as Student;
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

    await actor.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar, 7' }));
    await actor.clear(screen.getByLabelText('Name'));
    await actor.type(screen.getByLabelText('Name'), 'Ravi K');
    await actor.clear(screen.getByLabelText('Phone (optional)'));
    await actor.type(screen.getByLabelText('Phone (optional)'), '+91 33333 44444');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByRole('alert', {
      name: dailyUseTexts.conflict.by('Tom Okafor'),
    });
    expect(
      within(conflict)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Phone', 'Address']);
    await actor.click(
      within(conflict).getByRole('radio', {
        name: `Phone, ${appTexts.history.theirs}: +91 11111 22222`,
      }),
    );
    await actor.click(within(conflict).getByRole('button', { name: dailyUseTexts.conflict.save }));

    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.students.updated);
    expect(callsTo(UPDATE)[1]!.body).toMatchObject({
      name: 'Ravi K',
      phone_number: '+91 11111 22222',
      address: 'New Road 4',
      version: 2,
    });
  });

  it("reads a student's history from its row: who, when, and each field's old and new value", async () => {
    const actor = user();
    const events = [
      {
        id: 3,
        at: '2026-11-20T09:30:00.000Z',
        actor: { id: 8, name: 'Tom Okafor' },
        action: 'update',
        batch_id: null,
        changes: {
          standard: { from: 4, to: 3 },
          phone_number: { from: '', to: '+91 98450 12345' },
        },
      },
      {
        id: 1,
        at: '2026-11-19T08:00:00.000Z',
        actor: { id: 7, name: 'Ada Lovelace' },
        action: 'create',
        batch_id: null,
        changes: { name: { from: null, to: 'Ravi Kumar' } },
      },
    ];
    atStudents('/students', {
      [STUDENTS]: page([asha, ravi]),
      [`GET ${buildPath(recordPaths.studentHistory, { id: 12 })}`]: {
        body: { data: events, next_cursor: null },
      },
    });

    await actor.click(await screen.findByRole('button', { name: 'History of Ravi Kumar, 7' }));

    const dialog = screen.getByRole('dialog', { name: 'History of student Ravi Kumar' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tom Okafor changed it on');
    expect(items[0]).toHaveTextContent('Standard: “Grade 6 Lilies” → “Grade 5 Roses”');
    expect(items[0]).toHaveTextContent('Phone: nothing → “+91 98450 12345”');
    expect(dialog).toHaveTextContent('Ada Lovelace added it on');
    await actor.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before deleting, deletes by id, says so and puts focus on the list', async () => {
    const actor = user();
    let students = [asha, ravi];
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: () => page(students),
      [DELETE]: () => {
        students = [ravi];
        return { status: 204 };
      },
    });

    await actor.click(await screen.findByRole('button', { name: 'Delete Asha Rao, 12' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete student Asha Rao' });
    expect(dialog).toHaveAccessibleDescription(
      `${texts.students.confirmDelete} Asha Rao, roll number 12, Grade 5 Roses.`,
    );
    await actor.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.students.deleted);
    expect(callsTo(DELETE)[0]!.body).toEqual({ id: 11 });
    expect(screen.queryByRole('heading', { name: 'Asha Rao' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'All students' })).toHaveFocus(),
    );
  });

  it('puts a deleted student back when Undo in the banner is clicked, and says why when it cannot', async () => {
    const actor = user();
    const RESTORE = `POST ${buildPath(recordPaths.restoreStudent, { id: 11 })}`;
    let students = [asha, ravi];
    let refuse = false;
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: () => page(students),
      [DELETE]: () => {
        students = [ravi];
        return { status: 204 };
      },
      [RESTORE]: () => {
        if (refuse) {
          const detail = 'Roll number "12" is already taken in standard "Grade 5 Roses".';
          return { status: 409, body: { status: 409, detail } };
        }
        students = [asha, ravi];
        return { body: { data: asha } };
      },
    });

    await actor.click(await screen.findByRole('button', { name: 'Delete Asha Rao, 12' }));
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const banner = await screen.findByRole('status');
    await actor.click(within(banner).getByRole('button', { name: appTexts.history.undo }));

    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.history.studentRestored);
    expect(callsTo(RESTORE)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();

    refuse = true;
    await actor.click(screen.getByRole('button', { name: 'Delete Asha Rao, 12' }));
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await actor.click(
      within(await screen.findByRole('status')).getByRole('button', {
        name: appTexts.history.undo,
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(appTexts.history.restoreFailed);
    expect(alert).toHaveTextContent('is already taken in standard');
  });

  it('shows the delete failure and keeps the student', async () => {
    const actor = user();
    atStudents('/students', {
      [STUDENTS]: page([asha]),
      [DELETE]: { status: 404, body: { status: 404, detail: 'Student not found.' } },
    });

    const remove = await screen.findByRole('button', { name: 'Delete Asha Rao, 12' });
    await actor.click(remove);
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.students.deleteFailed);
    expect(alert).toHaveTextContent('Student not found.');
    expect(remove).toHaveFocus();
  });

  it('loads the next page through the cursor and moves focus to its first student', async () => {
    const actor = user();
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: ({ url }) =>
        url.searchParams.get('cursor') === 'after-asha' ? page([ravi]) : page([asha], 'after-asha'),
    });

    await actor.click(await screen.findByRole('button', { name: 'Load more' }));

    const ravisRow = (await screen.findByRole('heading', { name: 'Ravi Kumar' })).closest('li');
    await waitFor(() => expect(ravisRow).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(STUDENTS)[1]!.url.searchParams.get('cursor')).toBe('after-asha');
  });

  it('shows the log-in message and calls nothing without a token', () => {
    const { calls } = stubFetch({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <StudentsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(texts.access.pleaseLogIn);
    expect(calls).toHaveLength(0);
  });
});
