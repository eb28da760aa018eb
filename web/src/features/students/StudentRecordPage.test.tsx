import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, appTexts, buildPath, recordPaths, studentRecordTexts } from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';

const t = studentRecordTexts.record;
const stamp = '2026-01-10T08:00:00.000Z';
const viewer = { ...testUser, role: 'viewer' as const };

const roses: Standard = {
  id: 3,
  name: 'Grade 5 Roses',
  grade_level: 5,
  description: '',
  academic_year: '2026',
  created_at: stamp,
  updated_at: stamp,
  student_count: 1,
  version: 1,
  teachers: [],
};

const meera: Student = {
  id: 21,
  name: 'Meera Iyer',
  email: '',
  roll_number: '5R-04',
  standard: 3,
  phone_number: '+91 98450 22222',
  address: '4 Lake View Road, Bengaluru',
  admission_number: 'ADM-2019-044',
  date_of_birth: '2015-06-14',
  status: 'left',
  left_on: '2026-10-31',
  guardians: [
    {
      name: 'Lakshmi Iyer',
      relation: 'Mother',
      phone: '+91 98450 33333',
      email: 'lakshmi@home.test',
      primary: true,
    },
    { name: 'Suresh Iyer', relation: 'Father', phone: '', email: '', primary: false },
  ],
  created_at: stamp,
  updated_at: stamp,
  version: 4,
};

const STUDENT = `GET ${buildPath(apiPaths.student, { id: 21 })}`;

function atRecord(
  path: string,
  {
    as = testUser,
    routes = {},
  }: { as?: typeof testUser; routes?: Record<string, StubReply | StubHandler> } = {},
) {
  signIn(as);
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: as },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${apiPaths.standards}`]: { body: { data: [roses], next_cursor: null } },
    [`GET ${apiPaths.students}`]: { body: { data: [meera], next_cursor: null } },
    [STUDENT]: { body: { data: meera } },
    [`GET ${buildPath(recordPaths.studentHistory, { id: 21 })}`]: {
      body: {
        data: [
          {
            id: 9,
            at: '2026-10-31T09:00:00.000Z',
            actor: { id: 8, name: 'Tom Okafor' },
            action: 'update',
            batch_id: null,
            changes: { status: { from: 'active', to: 'left' } },
          },
        ],
        next_cursor: null,
      },
    },
    ...routes,
  });
  renderApp(path);
  return stub;
}

const term = (name: string) => screen.getByText(name, { selector: 'dt' });
const valueOf = (name: string) => term(name).nextElementSibling;

describe("a student's record", () => {
  it('opens from the name on the list for a viewer, with every field, the guardians and the history, and nothing to change', async () => {
    const user = userEvent.setup({ delay: null });
    atRecord('/students?status=all', { as: viewer });

    await user.click(await screen.findByRole('link', { name: 'Meera Iyer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
    expect(window.location.pathname).toBe('/students/21');
    expect(screen.getByText(t.summary('Left', 'Grade 5 Roses'))).toBeVisible();
    expect(valueOf(t.dateOfBirth)).toHaveTextContent(
      new Date(2015, 5, 14).toLocaleDateString(undefined, { dateStyle: 'long' }),
    );
    expect(valueOf('Left on')).toHaveTextContent(
      new Date(2026, 9, 31).toLocaleDateString(undefined, { dateStyle: 'long' }),
    );
    expect(valueOf(t.admissionNumber)).toHaveTextContent('ADM-2019-044');
    expect(valueOf('Roll number')).toHaveTextContent('5R-04');
    expect(within(valueOf('Standard') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/students?standard=3',
    );
    // A field nobody filled in says so, rather than showing nothing.
    expect(within(screen.getByRole('region', { name: 'Student' })).getByText(t.none)).toBeVisible();

    const guardians = screen.getByRole('region', { name: 'Guardians' });
    const [mother, father] = within(guardians).getAllByRole('listitem');
    expect(within(mother!).getByRole('heading')).toHaveTextContent(`Lakshmi Iyer${t.primary}`);
    expect(mother).toHaveTextContent('lakshmi@home.test');
    expect(within(father!).getByRole('heading')).toHaveTextContent('Suresh Iyer');
    expect(father).not.toHaveTextContent(t.primary);

    expect(screen.getByText(t.readOnly)).toBeVisible();
    expect(screen.queryByRole('button', { name: t.edit })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.history }));
    const dialog = screen.getByRole('dialog', { name: 'History of student Meera Iyer' });
    expect(await within(dialog).findByText(/Tom Okafor/)).toBeVisible();
    expect(dialog).toHaveTextContent('Status: “active” → “left”');
  });

  it('gives staff the edit form on the record, saves the student with its version and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...meera, address: '9 Hill Road, Mysuru', version: 5 };
    const stub = atRecord('/students/21', {
      routes: { [`PUT ${apiPaths.updateStudents}`]: { body: { data: saved } } },
    });

    await user.click(await screen.findByRole('button', { name: t.edit }));
    const form = screen.getByRole('region', { name: t.editTitle('Meera Iyer') });
    const address = within(form).getByLabelText('Address (optional)');
    await user.clear(address);
    await user.type(address, '9 Hill Road, Mysuru');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(appTexts.students.updated)).toBeVisible();
    const [put] = stub.callsTo(`PUT ${apiPaths.updateStudents}`);
    expect(put?.body).toMatchObject({ id: 21, version: 4, address: '9 Hill Road, Mysuru' });
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: t.editTitle('Meera Iyer') }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: t.edit })).toHaveFocus();
  });

  it('says there is no such student for an address whose id is not one, without asking the server', async () => {
    const stub = atRecord('/students/not-a-number');
    expect(await screen.findByText(t.notFound)).toBeVisible();
    expect(stub.calls.filter((call) => call.path.startsWith(`${apiPaths.students}`))).toEqual([]);
  });

  it('says there is no such student for an id the school does not have', async () => {
    atRecord('/students/21', {
      routes: { [STUDENT]: { status: 404, body: { status: 404, detail: 'Student not found.' } } },
    });
    expect(await screen.findByText(t.notFound)).toBeVisible();
    expect(screen.getByRole('link', { name: t.back })).toHaveAttribute('href', '/students');
  });

  it('says when the student could not be read, and reads it again on Try again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    atRecord('/students/21', {
      routes: {
        [STUDENT]: () =>
          fail
            ? { status: 400, body: { status: 400, detail: 'Nope.' } }
            : { body: { data: meera } },
      },
    });
    expect(await screen.findByText(t.loadFailed)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
  });
});
