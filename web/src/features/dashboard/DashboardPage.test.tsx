import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, currentAcademicYear, dashboardTexts, recordPaths } from '@um/contract';
import type { Standard } from '@um/contract';
import { createQueryClient } from '../../lib/query';
import { pending, stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { signIn } from '../../test/render-app';
import { DashboardPage } from './DashboardPage';

const user = {
  id: '1',
  email: 'ada@school.test',
  name: 'Ada Lovelace',
  role: 'staff' as const,
  status: 'active' as const,
};
const t = dashboardTexts;

const COUNT = `GET ${recordPaths.studentsCount}`;
const STANDARDS = `GET ${apiPaths.standards}`;
const MESSAGES = `GET ${apiPaths.messages}`;
const LAST_IMPORT = `GET ${recordPaths.lastImport}`;

const thisYear = currentAcademicYear();
const lastYear = String(Number(thisYear) - 1);

function standard(id: number, year = thisYear, students = 0): Standard {
  return {
    id,
    name: `Grade ${id}`,
    grade_level: id,
    description: '',
    academic_year: year,
    created_at: '2026-01-10T08:00:00.000Z',
    updated_at: '2026-01-10T08:00:00.000Z',
    student_count: students,
    version: 1,
    teachers: [],
  };
}

/** The school the dashboard reads: its student count, its standards and the unread count. */
const school = (students: number, standards: number, unread = 0) => ({
  [COUNT]: { body: { data: { count: students } } },
  [STANDARDS]: {
    body: { data: Array.from({ length: standards }, (_, i) => standard(i + 1)), next_cursor: null },
  },
  [MESSAGES]: { body: { data: [], next_cursor: null, unread_count: unread } },
  [LAST_IMPORT]: { body: { data: null } },
});

function renderDashboard(
  routes: Record<string, StubReply | StubHandler> = school(601, 12, 3),
  who = user,
  path = '/dashboard',
) {
  signIn();
  const stub = stubFetch(routes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <DashboardPage user={who} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return stub;
}

const sampleCards = () =>
  within(
    within(screen.getByRole('region', { name: t.samplesHeading })).getByRole('list'),
  ).getAllByRole('listitem');

describe('dashboard', () => {
  it('greets the user by name and shows the email', () => {
    renderDashboard();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@school.test')).toBeInTheDocument();
  });

  it('greets by email when the user has no name', () => {
    renderDashboard(undefined, { ...user, name: ' ' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome back, ada@school.test!' }),
    ).toBeInTheDocument();
  });

  it('brings the cards in', () => {
    renderDashboard();
    const animations = sampleCards().map((card) => card.classList.contains('animate-fade-in-up'));
    expect(animations).toEqual([true, true, true, true]);
  });

  it('shows the four fixed sample stat cards', () => {
    renderDashboard();
    expect(sampleCards().map((card) => card.textContent)).toEqual([
      'Total Projects12',
      'Active Tasks24',
      'Students156',
      'Standards8',
    ]);
  });

  it("marks the sample cards as samples, below the school's own figures", () => {
    renderDashboard();
    const samples = screen.getByRole('region', { name: t.samplesHeading });
    expect(samples).toHaveAccessibleDescription(t.samplesNote);
    const figures = screen.getByRole('region', { name: t.figuresHeading });
    expect(figures.compareDocumentPosition(samples)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("shows the current academic year's standards by default, each with its students, and another year when chosen", async () => {
    const actor = userEvent.setup();
    renderDashboard({
      ...school(601, 0),
      [STANDARDS]: {
        body: {
          // In the API's order: by grade, then name, every year together.
          data: [
            { ...standard(7, lastYear, 25), name: 'Class 7 A' },
            { ...standard(8, thisYear, 28), name: 'Class 8 A' },
            { ...standard(9, thisYear, 31), name: 'Class 9 A' },
          ],
          next_cursor: null,
        },
      },
    });
    const figures = screen.getByRole('region', { name: t.figuresHeading });
    const year = within(figures).getByLabelText(t.yearFilter);
    expect(year).toHaveValue(thisYear);
    const byStandard = await within(figures).findByRole('region', { name: t.byStandard(thisYear) });
    // Each link's name is what it shows, with the word screen readers need after the count.
    expect(
      (await within(byStandard).findAllByRole('link')).map((link) => link.textContent),
    ).toEqual(['Class 8 A 28 students', 'Class 9 A 31 students']);
    expect(within(byStandard).getAllByRole('link')[0]).toHaveAccessibleName(
      'Class 8 A 28 students',
    );
    expect(within(byStandard).getByRole('link', { name: 'Class 8 A 28 students' })).toHaveAttribute(
      'href',
      '/students?standard=8',
    );
    expect(byStandard).toHaveTextContent(t.byStandardTotal(59));
    expect(within(figures).getByRole('link', { name: `${t.standards(thisYear)} 2` })).toBeVisible();

    await actor.selectOptions(year, lastYear);
    const lastYears = await within(figures).findByRole('region', { name: t.byStandard(lastYear) });
    expect(within(lastYears).getAllByRole('link')).toHaveLength(1);
    expect(within(figures).getByRole('link', { name: `${t.standards(lastYear)} 1` })).toBeVisible();
  });

  it('reads the year from the address, and says when it has no standards', async () => {
    renderDashboard(school(601, 3), user, '/dashboard?year=2019');
    const figures = screen.getByRole('region', { name: t.figuresHeading });
    expect(within(figures).getByLabelText(t.yearFilter)).toHaveValue('2019');
    expect(await within(figures).findByText(t.noStandards('2019'))).toBeVisible();
    expect(within(figures).getByRole('link', { name: t.steps.standardsLink })).toHaveAttribute(
      'href',
      '/standards',
    );
  });

  it("shows the school's own figures first, each leading to its screen", async () => {
    renderDashboard(school(601, 12, 3));
    const figures = screen.getByRole('region', { name: t.figuresHeading });

    expect(within(figures).getByRole('status')).toHaveTextContent(t.loading);
    expect(await within(figures).findByRole('link', { name: `${t.students} 601` })).toHaveAttribute(
      'href',
      '/students',
    );
    expect(
      within(figures).getByRole('link', { name: `${t.standards(thisYear)} 12` }),
    ).toHaveAttribute('href', '/standards');
    expect(await within(figures).findByRole('link', { name: `${t.unread} 3` })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(within(figures).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.checklistHeading })).not.toBeInTheDocument();
  });

  it('shows the last import among them: how many students, who and when, and whether it was undone', async () => {
    const at = '2026-11-20T09:30:00.000Z';
    renderDashboard({
      ...school(601, 12, 3),
      [LAST_IMPORT]: {
        body: {
          data: {
            import_id: '5a0c6f9e-6d5f-4d8a-9d43-3c1f1e1b2a10',
            at,
            actor: { id: 7, name: 'Meera Iyer' },
            students: 601,
            undone: true,
          },
        },
      },
    });
    const figures = screen.getByRole('region', { name: t.figuresHeading });
    const card = await within(figures).findByRole('link', {
      name: new RegExp(`^${t.lastImport} `),
    });
    expect(card).toHaveAccessibleName(
      `${t.lastImport} ${t.importedStudents(601)} ${t.importedBy('Meera Iyer', new Date(at).toLocaleString())}, ${t.importUndone}`,
    );
    expect(card).toHaveAttribute('href', '/students/import');
  });

  it('says a school that never imported has no last import yet', async () => {
    renderDashboard();
    const figures = screen.getByRole('region', { name: t.figuresHeading });
    expect(
      await within(figures).findByRole('link', { name: `${t.lastImport} ${t.noImport}` }),
    ).toBeInTheDocument();
  });

  it('shows an empty school its first steps, ticking off what it already holds', async () => {
    renderDashboard(school(0, 2));

    const steps = await screen.findByRole('region', { name: t.checklistHeading });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('paragraph')[0]!.textContent)).toEqual([
      `${t.steps.standards}, ${t.done}`,
      `${t.steps.students}, ${t.toDo}`,
      `${t.steps.colleagues}, ${t.toDo}`,
    ]);
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: t.steps.studentsLink })).toHaveAttribute(
      'href',
      '/students/import',
    );
    // Nothing yet says whether colleagues were invited: a hint, with nowhere to go.
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent(t.steps.colleaguesHint);
  });

  it('starts a school with nothing on its first step', async () => {
    renderDashboard(school(0, 0));
    const steps = await screen.findByRole('region', { name: t.checklistHeading });
    expect(within(steps).getByRole('link', { name: t.steps.standardsLink })).toHaveAttribute(
      'href',
      '/standards',
    );
  });

  it('says when the figures cannot be read, and reads them again on request', async () => {
    let failing = true;
    const { callsTo } = renderDashboard({
      ...school(601, 12),
      [COUNT]: () =>
        failing
          ? { status: 503, body: { status: 503, detail: 'Busy.' } }
          : { body: { data: { count: 601 } } },
      [MESSAGES]: () => pending(),
    });
    const figures = screen.getByRole('region', { name: t.figuresHeading });

    expect(await within(figures).findByRole('alert')).toHaveTextContent(t.figuresFailed);
    expect(within(figures).getByRole('link', { name: `${t.students} —` })).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(within(figures).getByRole('button', { name: 'Try again' }));
    expect(
      await within(figures).findByRole('link', { name: `${t.students} 601` }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(figures).queryByRole('alert')).not.toBeInTheDocument());
    expect(callsTo(MESSAGES)).toHaveLength(1);
  });
});
