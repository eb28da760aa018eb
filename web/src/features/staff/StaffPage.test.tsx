import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, buildPath, staffPaths, staffTexts } from '@um/contract';
import type { StaffMember } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';

const admin = { ...testUser, role: 'admin' as const };
const texts = staffTexts.screen;

const colleague: StaffMember = {
  id: 12,
  name: 'Tom Okafor',
  email: 'tom@school.test',
  role: 'staff',
  status: 'active',
  created_at: '2026-01-10T08:00:00.000Z',
  last_seen_at: '2026-11-26T09:00:00.000Z',
  has_second_step: false,
};

function atStaff() {
  signIn(admin);
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: admin },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${staffPaths.staff}`]: { body: { data: [colleague], next_cursor: null } },
    [`GET ${staffPaths.invitations}`]: { body: { data: [] } },
    [`PATCH ${buildPath(staffPaths.staffMember, { id: 12 })}`]: {
      body: { data: { ...colleague, status: 'deactivated' } },
    },
    [`POST ${staffPaths.invitations}`]: {
      status: 201,
      body: {
        data: {
          id: 4,
          email: 'new@elsewhere.test',
          role: 'viewer',
          created_at: '2026-11-26T09:00:00.000Z',
          expires_at: '2026-12-03T09:00:00.000Z',
        },
      },
    },
  });
  renderApp('/staff');
  return stub;
}

describe('staff screen', () => {
  it('is in the sidebar of an admin only', async () => {
    atStaff();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toBeInTheDocument();
  });

  it('lists each person with role, status and last seen, and deactivates after a confirmation naming them', async () => {
    const stub = atStaff();
    const user = userEvent.setup();
    expect(await screen.findByText('Tom Okafor')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: texts.roleOf('Tom Okafor') })).toHaveValue('staff');
    expect(screen.getByText(staffTexts.statuses.active)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${texts.deactivate} Tom Okafor` }));
    const dialog = screen.getByRole('dialog', { name: texts.deactivateTitle('Tom Okafor') });
    expect(dialog).toHaveTextContent('tom@school.test');
    await user.click(within(dialog).getByRole('button', { name: texts.deactivate }));
    expect(await screen.findByText(texts.deactivated('Tom Okafor'))).toBeInTheDocument();
    const [patch] = stub.callsTo(`PATCH ${buildPath(staffPaths.staffMember, { id: 12 })}`);
    expect(patch?.body).toEqual({ status: 'deactivated' });
  });

  it('searches the staff by name or e-mail', async () => {
    const stub = atStaff();
    const user = userEvent.setup();
    await screen.findByText('Tom Okafor');
    await user.type(screen.getByLabelText(texts.search), 'okafor');
    await waitFor(() =>
      expect(
        stub.callsTo(`GET ${staffPaths.staff}`).map((call) => call.url.searchParams.get('q')),
      ).toContain('okafor'),
    );
  });

  it('invites by e-mail with a role, and says so', async () => {
    const stub = atStaff();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: texts.invite }));
    const dialog = screen.getByRole('dialog', { name: texts.inviteTitle });
    await user.type(within(dialog).getByLabelText('Email'), 'new@elsewhere.test');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'viewer');
    await user.click(within(dialog).getByRole('button', { name: texts.sendInvite }));
    await waitFor(() => expect(stub.callsTo(`POST ${staffPaths.invitations}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${staffPaths.invitations}`)[0]?.body).toEqual({
      email: 'new@elsewhere.test',
      role: 'viewer',
    });
    expect(await screen.findByText(texts.invited('new@elsewhere.test'))).toBeInTheDocument();
  });
});
