import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  appRoutes,
  appTexts,
  buildPath,
  dailyUseTexts,
  fieldTexts,
  recordPaths,
  texts,
} from '@um/contract';
import type { BinEntry, Student } from '@um/contract';
import { createQueryClient } from '../../lib/query';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { RecentlyDeletedPage } from './RecentlyDeletedPage';

const BIN = `GET ${recordPaths.deleted}`;
const restorePath = (entity: 'student' | 'standard', id: number) =>
  `POST ${buildPath(entity === 'student' ? recordPaths.restoreStudent : recordPaths.restoreStandard, { id })}`;

const asha: BinEntry = {
  entity: 'student',
  id: 11,
  name: 'Asha Rao',
  deleted_at: '2026-11-20T09:30:00.000Z',
  deleted_by: { id: 7, name: 'Ada Lovelace' },
  roll_number: '12',
  standard: { id: 3, name: 'Grade 5 Roses' },
};
const roses: BinEntry = {
  entity: 'standard',
  id: 3,
  name: 'Grade 5 Roses',
  deleted_at: '2026-11-19T08:00:00.000Z',
  deleted_by: { id: 8, name: 'Tom Okafor' },
  roll_number: null,
  standard: null,
};
const restored: Student = {
  id: 11,
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
  created_at: '2026-01-10T08:00:00.000Z',
  updated_at: '2026-01-10T08:00:00.000Z',
  version: 3,
};

function atBin(path: string, routes: Record<string, StubReply | StubHandler>) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${apiPaths.standards}`]: { body: { data: [], next_cursor: null } },
    [`GET ${apiPaths.students}`]: { body: { data: [], next_cursor: null } },
    [`GET ${recordPaths.batches}`]: { body: { data: [], next_cursor: null } },
    ...routes,
  });
  renderApp(path);
  return stub;
}

describe('recently deleted', () => {
  it('is reached from the students screen and lists what was deleted, by whom, newest first', async () => {
    const user = userEvent.setup({ delay: null });
    atBin(appRoutes.students, { [BIN]: { body: { data: [asha, roses], next_cursor: null } } });

    await user.click(await screen.findByRole('link', { name: appTexts.history.recentlyDeleted }));

    expect(await screen.findByRole('heading', { name: 'Recently deleted' })).toBeInTheDocument();
    const bin = await screen.findByRole('region', { name: 'Deleted students and standards' });
    const rows = await within(bin).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Asha Rao');
    expect(rows[0]).toHaveTextContent(dailyUseTexts.bin.place('12', 'Grade 5 Roses'));
    expect(rows[0]).toHaveTextContent('Student deleted');
    expect(rows[0]).toHaveTextContent('by Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Grade 5 Roses');
    expect(rows[1]).toHaveTextContent('Standard deleted');
  });

  it("restores a record and takes it off the list, and shows the server's reason when it cannot", async () => {
    const user = userEvent.setup({ delay: null });
    let entries = [asha, roses];
    const detail =
      'The student\'s standard "Grade 5 Roses" is in the recently deleted list; restore it first.';
    const { callsTo } = atBin(appRoutes.recentlyDeleted, {
      [BIN]: () => ({ body: { data: entries, next_cursor: null } }),
      [restorePath('student', 11)]: () =>
        entries.includes(roses)
          ? { status: 409, body: { status: 409, detail, errors: { standard: [detail] } } }
          : ((entries = []), { body: { data: restored } }),
      [restorePath('standard', 3)]: () => {
        entries = [asha];
        const standard = {
          id: 3,
          name: 'Grade 5 Roses',
          grade_level: 5,
          description: '',
          academic_year: '2026',
          created_at: restored.created_at,
          updated_at: restored.updated_at,
          student_count: 0,
          version: 3,
          teachers: [],
        };
        return { body: { data: standard } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Restore student Asha Rao' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(appTexts.history.restoreFailed);
    expect(alert).toHaveTextContent(detail);

    await user.click(screen.getByRole('button', { name: 'Restore standard Grade 5 Roses' }));
    expect(await screen.findByRole('status')).toHaveTextContent(appTexts.history.standardRestored);
    const bin = screen.getByRole('region', { name: 'Deleted students and standards' });
    await waitFor(() => expect(within(bin).getAllByRole('listitem')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Restore student Asha Rao' }));
    expect(await screen.findByText(appTexts.history.binEmpty)).toBeInTheDocument();
    expect(callsTo(restorePath('student', 11))).toHaveLength(2);
    expect(
      within(screen.getByRole('status')).getByText(appTexts.history.studentRestored),
    ).toBeInTheDocument();
  });

  it('searches the bin once typing pauses, keeping the words in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = atBin(appRoutes.recentlyDeleted, {
      [BIN]: ({ url }) => ({
        body: {
          data: url.searchParams.get('q') === 'rao 12' ? [asha] : [asha, roses],
          next_cursor: null,
        },
      }),
    });
    const box = await screen.findByRole('searchbox', { name: dailyUseTexts.bin.search });
    await screen.findByRole('button', { name: 'Restore standard Grade 5 Roses' });

    await user.keyboard('/');
    expect(box).toHaveFocus();
    await user.type(box, 'rao 12');
    const bin = await screen.findByRole('region', {
      name: 'Deleted students and standards matching “rao 12”',
    });
    await waitFor(() => expect(within(bin).getAllByRole('listitem')).toHaveLength(1));
    expect(window.location.search).toBe('?q=rao+12');
    expect(callsTo(BIN).at(-1)?.url.searchParams.get('q')).toBe('rao 12');
  });

  it('offers to restore a student whose roll number was taken under another one, and asks again while that is taken too', async () => {
    const user = userEvent.setup({ delay: null });
    let entries = [asha];
    const taken = (roll: string) =>
      `Roll number "${roll}" is already taken in standard "Grade 5 Roses".`;
    const { callsTo } = atBin(appRoutes.recentlyDeleted, {
      [BIN]: () => ({ body: { data: entries, next_cursor: null } }),
      [restorePath('student', 11)]: ({ body }) => {
        const roll = (body as { roll_number?: string } | undefined)?.roll_number ?? '12';
        if (roll !== '12A') {
          return {
            status: 409,
            body: { status: 409, detail: taken(roll), errors: { roll_number: [taken(roll)] } },
          };
        }
        entries = [];
        return { body: { data: { ...restored, roll_number: '12A' } } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Restore student Asha Rao' }));
    const dialog = await screen.findByRole('dialog', {
      name: dailyUseTexts.bin.rollTakenTitle('Asha Rao'),
    });
    expect(dialog).toHaveAccessibleDescription(
      new RegExp(dailyUseTexts.bin.rollTakenHelp('12').slice(0, 30)),
    );
    const field = within(dialog).getByLabelText('New roll number');
    await waitFor(() => expect(field).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: dailyUseTexts.bin.restoreWith }));
    expect(await within(dialog).findByText(fieldTexts.rollNumberRequired)).toBeVisible();

    await user.type(field, '13');
    await user.click(within(dialog).getByRole('button', { name: dailyUseTexts.bin.restoreWith }));
    expect(await within(dialog).findByText(taken('13'))).toBeVisible();

    await user.clear(field);
    await user.type(field, '12A{Enter}');
    expect(await screen.findByText(appTexts.history.studentRestored)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(restorePath('student', 11)).map((call) => call.body)).toEqual([
      undefined,
      { roll_number: '13' },
      { roll_number: '12A' },
    ]);
  });

  it('shows the log-in message and calls nothing without a token', () => {
    const { calls } = stubFetch({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <RecentlyDeletedPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(texts.access.pleaseLogIn);
    expect(calls).toHaveLength(0);
  });
});
