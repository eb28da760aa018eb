import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  appTexts,
  batchTexts,
  buildPath,
  bulkScreenTexts as t,
  recordPaths,
} from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { setWideScreen } from '../../test/match-media';
import { renderApp, signIn, testUser } from '../../test/render-app';

const stamp = '2026-01-10T08:00:00.000Z';
const BATCH = '9b2f7c1e-4d3a-4f5b-8c6d-7e8f9a0b1c2d';
const BULK = `POST ${recordPaths.studentsBulk}`;
const UNDO = `POST ${buildPath(recordPaths.batchUndo, { batch_id: BATCH })}`;

const standard = (id: number, name: string): Standard => ({
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
});

const student = (id: number, name: string, roll: string): Student => ({
  id,
  name,
  email: `pupil.${id}@pupils.test`,
  roll_number: roll,
  standard: 9,
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

const nineC = standard(9, 'Class 9 C');
const tenA = standard(10, 'Class 10 A');
const pupils = [
  student(1, 'Asha Rao', '1'),
  student(2, 'Ravi Kumar', '2'),
  student(3, 'Zoya Ali', '3'),
];

function atStudents(routes: Record<string, StubReply | StubHandler>) {
  setWideScreen(true);
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${apiPaths.standards}`]: { body: { data: [nineC, tenA], next_cursor: null } },
    [`GET ${apiPaths.students}`]: { body: { data: pupils, next_cursor: null } },
    [`GET ${recordPaths.studentsCount}`]: { body: { data: { count: 3 } } },
    ...routes,
  });
  renderApp('/students');
  return stub;
}

describe('changing many students at once', () => {
  const timeZone = process.env['TZ'];
  afterEach(() => {
    process.env['TZ'] = timeZone;
  });

  it('moves the chosen students after a confirmation naming how many and where, and undoes it from the notice', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = atStudents({
      [BULK]: { body: { data: { batch_id: BATCH, count: 2, roll_numbers: [] } } },
      [UNDO]: { body: { data: { batch_id: BATCH, counts: { reverted: 2 } } } },
    });

    await user.click(await screen.findByRole('checkbox', { name: t.selectStudent('Asha Rao') }));
    await user.click(screen.getByRole('checkbox', { name: t.selectStudent('Zoya Ali') }));
    const bar = screen.getByRole('region', { name: t.barLabel });
    expect(bar).toHaveTextContent(t.selected(2));
    expect(within(bar).getByRole('button', { name: t.selectAll(3) })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: t.move })).toBeDisabled();

    await user.selectOptions(within(bar).getByLabelText(t.moveTo), 'Class 10 A');
    await user.click(within(bar).getByRole('button', { name: t.move }));
    const dialog = await screen.findByRole('dialog', { name: t.confirmMoveTitle(2, 'Class 10 A') });
    await user.click(within(dialog).getByRole('button', { name: t.move }));

    expect(await screen.findByText(t.moved(2, 'Class 10 A'))).toBeInTheDocument();
    // The question previewed the move first (which roll numbers it would give), then it ran.
    const move = { action: 'move', ids: [1, 3], standard: 10, roll_numbers: 'keep' };
    expect(callsTo(BULK).map((call) => [call.url.search, call.body])).toEqual([
      ['?dry_run=true', move],
      ['', move],
    ]);
    expect(screen.queryByRole('region', { name: t.barLabel })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: appTexts.history.undo }));
    expect(await screen.findByText(t.undone)).toBeInTheDocument();
    expect(callsTo(UNDO)).toHaveLength(1);
  });

  it('chooses every student shown with one box, and says which students a refused delete named', async () => {
    const user = userEvent.setup({ delay: null });
    atStudents({
      [BULK]: {
        status: 422,
        body: {
          type: 'urn:problem-type:bulk-refused',
          title: 'Bulk change refused',
          status: 422,
          detail: batchTexts.refused(1),
          errors: [{ id: 2, field: 'id', message: batchTexts.studentNotFound }],
        },
      },
    });

    await user.click(await screen.findByRole('checkbox', { name: t.selectShown }));
    const bar = screen.getByRole('region', { name: t.barLabel });
    expect(bar).toHaveTextContent(t.selected(3));
    await user.click(within(bar).getByRole('button', { name: t.delete }));
    const dialog = await screen.findByRole('dialog', { name: t.confirmDeleteTitle(3) });
    await user.click(within(dialog).getByRole('button', { name: t.delete }));

    expect(await screen.findByText(t.failed)).toBeInTheDocument();
    expect(
      screen.getByText(`Ravi Kumar: ${batchTexts.studentNotFound}`, { exact: false }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: t.barLabel })).toBeInTheDocument(),
    );
  });

  it("marks the chosen students as left on the school's own date, after a confirmation naming how many, and undoes it", async () => {
    // Already the 1st of April in Auckland while it is still the 31st of March in UTC.
    process.env['TZ'] = 'Pacific/Auckland';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T20:00:00Z'));
    const user = userEvent.setup({ delay: null });
    const { callsTo } = atStudents({
      [BULK]: { body: { data: { batch_id: BATCH, count: 2, roll_numbers: [] } } },
      [UNDO]: { body: { data: { batch_id: BATCH, counts: { reverted: 2 } } } },
    });

    await user.click(await screen.findByRole('checkbox', { name: t.selectStudent('Asha Rao') }));
    await user.click(screen.getByRole('checkbox', { name: t.selectStudent('Ravi Kumar') }));
    const bar = screen.getByRole('region', { name: t.barLabel });
    await user.click(within(bar).getByRole('button', { name: t.markLeft }));
    const dialog = await screen.findByRole('dialog', { name: t.confirmLeftTitle(2) });
    expect(dialog).toHaveTextContent(t.confirmLeft(2));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(BULK)).toHaveLength(0);

    await user.click(within(bar).getByRole('button', { name: t.markLeft }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.confirmLeftTitle(2) })).getByRole(
        'button',
        { name: t.markLeft },
      ),
    );

    expect(await screen.findByText(t.markedLeft(2))).toBeInTheDocument();
    expect(callsTo(BULK)[0]?.body).toEqual({
      action: 'set_status',
      ids: [1, 2],
      status: 'left',
      left_on: '2026-04-01',
    });
    expect(screen.queryByRole('region', { name: t.barLabel })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: appTexts.history.undo }));
    expect(await screen.findByText(t.undone)).toBeInTheDocument();
    expect(callsTo(UNDO)).toHaveLength(1);
  });
});
