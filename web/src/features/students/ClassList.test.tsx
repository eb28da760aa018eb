import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, appTexts, recordPaths, texts } from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { setWideScreen } from '../../test/match-media';
import { renderApp, signIn, testUser } from '../../test/render-app';

const STUDENTS = `GET ${apiPaths.students}`;
const COUNT = `GET ${recordPaths.studentsCount}`;
const STANDARDS = `GET ${apiPaths.standards}`;
const ADD = `POST ${apiPaths.updateStudents}`;
const stamp = '2026-01-10T08:00:00.000Z';

function standard(id: number, name: string): Standard {
  return {
    id,
    name,
    grade_level: 9,
    description: '',
    academic_year: '2026',
    created_at: stamp,
    updated_at: stamp,
    student_count: 0,
    version: 1,
    teachers: [],
  };
}

function student(id: number, name: string, roll: string, standardId = 9): Student {
  return {
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${id}@pupils.test`,
    roll_number: roll,
    standard: standardId,
    phone_number: '+91 98450 12345',
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

const nineC = standard(9, 'Class 9 C');
const aarav = student(40, 'Aarav Patel', '9C-040');
const diya = student(23, 'Diya Rao', '9C-023');

const page = (students: Student[], next: string | null = null) => ({
  body: { data: students, next_cursor: next },
});
const counted = (count: number) => ({ body: { data: { count } } });

function atStudents(path: string, routes: Record<string, StubReply | StubHandler>) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [STANDARDS]: { body: { data: [nineC], next_cursor: null } },
    ...routes,
  });
  renderApp(path);
  return stub;
}

const user = () => userEvent.setup({ delay: null });

/**
 * An IntersectionObserver whose observed elements come into view when the test scrolls them
 * there: `scrollToEnd()` reports every element observed at that moment as in view.
 */
/**
 * An IntersectionObserver whose targets come into view when the test scrolls to the end. Like
 * the browser's, an observer started while the end is already in view reports so at once.
 */
function observeEndOfList() {
  const watchers = new Set<{ report: IntersectionObserverCallback; targets: Element[] }>();
  let atEnd = false;
  const reportTo = ({
    report,
    targets,
  }: {
    report: IntersectionObserverCallback;
    targets: Element[];
  }) =>
    report(
      targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
  class Observer {
    private readonly watcher: { report: IntersectionObserverCallback; targets: Element[] };
    constructor(report: IntersectionObserverCallback) {
      this.watcher = { report, targets: [] };
    }
    observe(target: Element) {
      this.watcher.targets.push(target);
      watchers.add(this.watcher);
      if (atEnd) {
        const watcher = this.watcher;
        setTimeout(() => {
          if (watchers.has(watcher)) act(() => reportTo(watcher));
        });
      }
    }
    disconnect() {
      watchers.delete(this.watcher);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    scrollToEnd: () =>
      act(() => {
        atEnd = true;
        for (const watcher of [...watchers]) reportTo(watcher);
      }),
  };
}

describe('the students list of a class', () => {
  it('shows a wide screen a table of roll number, name, e-mail and phone, sorted by the pressed header, without repeating the standard it shows', async () => {
    setWideScreen(true);
    const actor = user();
    const { callsTo } = atStudents('/students?standard=9', {
      [STUDENTS]: ({ url }) =>
        page(url.searchParams.get('sort') === 'roll_number' ? [diya, aarav] : [aarav, diya]),
      [COUNT]: counted(2),
    });

    const region = await screen.findByRole('region', { name: 'Class 9 C · 2 students' });
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Select', 'Roll number', 'Name', 'Email', 'Phone', 'Actions']);
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Aarav Patel'));
    expect(
      within(rows()[0]!)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['9C-040', 'aarav.40@pupils.test', '+91 98450 12345']);
    // An address cut short on screen is whole in its tooltip.
    expect(within(rows()[0]!).getByText('aarav.40@pupils.test')).toHaveAttribute(
      'title',
      'aarav.40@pupils.test',
    );
    const nameHeader = within(table).getByRole('columnheader', { name: 'Name' });
    const rollHeader = within(table).getByRole('columnheader', { name: 'Roll number' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(rollHeader).not.toHaveAttribute('aria-sort');

    await actor.click(within(rollHeader).getByRole('button', { name: 'Roll number' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Diya Rao'));
    expect(window.location.search).toBe('?standard=9&sort=roll_number');
    expect(rollHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    expect(callsTo(STUDENTS).at(-1)!.url.searchParams.get('sort')).toBe('roll_number');

    await actor.click(within(rollHeader).getByRole('button', { name: 'Roll number' }));
    await waitFor(() => expect(window.location.search).toBe('?standard=9&sort=-roll_number'));
    // The address changes first; the table follows in a transition.
    await waitFor(() => expect(rollHeader).toHaveAttribute('aria-sort', 'descending'));
    // The count does not depend on the order: it was asked once.
    expect(callsTo(COUNT).map((call) => call.url.search)).toEqual(['?standard=9']);
  });

  it("names each row's standard when the list shows every standard", async () => {
    setWideScreen(true);
    atStudents('/students', { [STUDENTS]: page([aarav]), [COUNT]: counted(1) });

    const region = await screen.findByRole('region', { name: 'All students · 1 student' });
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Select', 'Roll number', 'Name', 'Email', 'Phone', 'Standard', 'Actions']);
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Class 9 C'),
    );
  });

  it('keeps cards on a phone, with the order chosen from a list and kept in the address', async () => {
    const actor = user();
    const { callsTo } = atStudents('/students?sort=-name', {
      [STUDENTS]: page([diya, aarav]),
      [COUNT]: counted(2),
    });

    const region = await screen.findByRole('region', { name: 'All students · 2 students' });
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
    expect(await within(region).findAllByRole('listitem')).toHaveLength(2);
    const order = screen.getByLabelText(appTexts.students.sortBy);
    expect(order).toHaveDisplayValue(appTexts.students.sorts['-name']);
    expect(callsTo(STUDENTS)[0]!.url.searchParams.get('sort')).toBe('-name');

    await actor.selectOptions(order, appTexts.students.sorts.roll_number);
    await waitFor(() => expect(window.location.search).toBe('?sort=roll_number'));
    await actor.selectOptions(order, appTexts.students.sorts.name);
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('counts a search in the heading from the count request, one student or many', async () => {
    const { callsTo } = atStudents('/students?standard=9&q=patel%20aarav', {
      [STUDENTS]: page([aarav]),
      [COUNT]: counted(1),
    });

    expect(
      await screen.findByRole('heading', { name: 'Class 9 C matching “patel aarav” · 1 student' }),
    ).toBeInTheDocument();
    expect(callsTo(COUNT)[0]!.url.search).toBe('?standard=9&q=patel+aarav');
  });

  it('loads the next page as the end of the list comes into view, leaving focus where it was', async () => {
    const { scrollToEnd } = observeEndOfList();
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: ({ url }) =>
        url.searchParams.get('cursor') === 'after-aarav'
          ? page([diya])
          : page([aarav], 'after-aarav'),
      [COUNT]: counted(2),
    });

    await screen.findByRole('heading', { name: 'Aarav Patel' });
    expect(callsTo(STUDENTS)).toHaveLength(1);
    scrollToEnd();
    expect(await screen.findByRole('heading', { name: 'Diya Rao' })).toBeInTheDocument();
    expect(callsTo(STUDENTS)[1]!.url.searchParams.get('cursor')).toBe('after-aarav');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('leaves loading to the Load more button while focus is in the list, then goes on once it leaves', async () => {
    const { scrollToEnd } = observeEndOfList();
    const actor = user();
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: ({ url }) =>
        url.searchParams.get('cursor') === 'after-aarav'
          ? page([diya])
          : page([aarav], 'after-aarav'),
      [COUNT]: counted(2),
    });
    // Tabbing down the rows brings the end of the list into view.
    const edit = await screen.findByRole('button', { name: 'Edit Aarav Patel, 9C-040' });
    act(() => edit.focus());
    scrollToEnd();
    expect(callsTo(STUDENTS)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();

    await actor.click(screen.getByLabelText('Search students'));
    expect(await screen.findByRole('heading', { name: 'Diya Rao' })).toBeInTheDocument();
    expect(callsTo(STUDENTS)[1]!.url.searchParams.get('cursor')).toBe('after-aarav');
  });

  it('saves and adds another: the form stays open on the same standard, and the student just added is highlighted in the list', async () => {
    setWideScreen(true);
    const actor = user();
    let students: Student[] = [diya];
    const { callsTo } = atStudents('/students?standard=9&sort=roll_number', {
      [STUDENTS]: ({ url }) =>
        // Only the duplicate check searches; it finds nobody.
        url.searchParams.get('q') ? page([]) : page(students),
      [COUNT]: () => counted(students.length),
      [ADD]: () => {
        students = [diya, aarav];
        return { status: 201, body: { data: aarav } };
      },
    });

    await actor.click(await screen.findByRole('button', { name: 'Add Student' }));
    await actor.type(screen.getByLabelText('Name'), 'Aarav Patel');
    await actor.type(screen.getByLabelText('Email'), 'aarav.40@pupils.test');
    await actor.type(screen.getByLabelText('Roll number'), '9C-040');
    await actor.selectOptions(screen.getByLabelText('Standard'), 'Class 9 C');
    await actor.click(screen.getByRole('button', { name: appTexts.students.saveAndAddAnother }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.students.added);
    expect(callsTo(ADD)).toHaveLength(1);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Roll number')).toHaveValue('');
    expect(screen.getByLabelText('Standard')).toHaveDisplayValue('Class 9 C');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    const added = await screen.findByRole('rowheader', {
      name: `Aarav Patel ${appTexts.students.justAdded}`,
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.contains(added))).toEqual([false, true]);
    expect(await screen.findByRole('region', { name: 'Class 9 C · 2 students' })).toBeVisible();
  });

  it('points out a likely duplicate with the existing record before saving, and saves only when told to', async () => {
    const actor = user();
    const existing = { ...aarav, id: 41, email: 'aarav@home.test' };
    const { callsTo } = atStudents('/students', {
      [STUDENTS]: ({ url }) =>
        url.searchParams.get('q') === 'aarav@home.test' ||
        url.searchParams.get('q') === 'Aarav Patel'
          ? page([existing, diya])
          : page([]),
      [COUNT]: counted(0),
      [ADD]: { status: 201, body: { data: { ...aarav, id: 42 } } },
    });

    await actor.click(await screen.findByRole('button', { name: 'Add Student' }));
    await actor.type(screen.getByLabelText('Name'), 'Aarav  patel');
    await actor.type(screen.getByLabelText('Email'), 'Aarav@Home.test');
    await actor.type(screen.getByLabelText('Roll number'), '9C-041');
    await actor.selectOptions(screen.getByLabelText('Standard'), 'Class 9 C');
    await actor.click(screen.getByRole('button', { name: 'Save student' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(appTexts.students.duplicateTitle);
    expect(within(warning).getAllByRole('listitem')).toHaveLength(1);
    expect(warning).toHaveTextContent('Aarav Patel, 9C-040, Class 9 C, aarav@home.test');
    expect(warning).toHaveTextContent(
      `${appTexts.students.sameEmail}; ${appTexts.students.sameName}`,
    );
    expect(callsTo(ADD)).toHaveLength(0);
    const searches = callsTo(STUDENTS).map((call) => call.url.searchParams);
    expect(searches.some((query) => query.get('q') === 'aarav@home.test')).toBe(true);
    expect(
      searches.some((query) => query.get('q') === 'Aarav  patel' && query.get('standard') === '9'),
    ).toBe(true);

    await actor.click(within(warning).getByRole('button', { name: appTexts.students.saveAnyway }));
    expect(await screen.findByRole('status')).toHaveTextContent(texts.students.added);
    expect(callsTo(ADD)).toHaveLength(1);
    expect(callsTo(ADD)[0]!.body).toMatchObject({
      email: 'aarav@home.test',
      roll_number: '9C-041',
    });
  });

  it('forgets a duplicate warning once what it was about is changed', async () => {
    const actor = user();
    atStudents('/students', {
      [STUDENTS]: ({ url }) =>
        url.searchParams.get('q') === 'diya.23@pupils.test' ? page([diya]) : page([]),
      [COUNT]: counted(0),
    });

    await actor.click(await screen.findByRole('button', { name: 'Add Student' }));
    await actor.type(screen.getByLabelText('Name'), 'Diya R');
    await actor.type(screen.getByLabelText('Email'), 'diya.23@pupils.test');
    await actor.type(screen.getByLabelText('Roll number'), '9C-099');
    await actor.selectOptions(screen.getByLabelText('Standard'), 'Class 9 C');
    await actor.click(screen.getByRole('button', { name: 'Save student' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(appTexts.students.sameEmail);

    await actor.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names each row by student and roll number on its buttons, and the delete dialog names the roll number and standard', async () => {
    setWideScreen(true);
    const actor = user();
    const twin = { ...aarav, id: 41, roll_number: '9C-041' };
    atStudents('/students', { [STUDENTS]: page([aarav, twin]), [COUNT]: counted(2) });

    for (const roll of ['9C-040', '9C-041']) {
      for (const action of ['History of', 'Edit', 'Delete']) {
        expect(
          await screen.findByRole('button', { name: `${action} Aarav Patel, ${roll}` }),
        ).toBeInTheDocument();
      }
    }
    await actor.click(screen.getByRole('button', { name: 'Delete Aarav Patel, 9C-041' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete student Aarav Patel' });
    expect(dialog).toHaveAccessibleDescription(
      `${texts.students.confirmDelete} Aarav Patel, roll number 9C-041, Class 9 C.`,
    );
    act(() => setWideScreen(false));
    expect(await screen.findAllByRole('listitem')).not.toHaveLength(0);
  });
});
