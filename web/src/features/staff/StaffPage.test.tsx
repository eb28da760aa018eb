import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, buildPath, staffPaths, staffTexts } from '@um/contract';
import type { StaffMember } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import { setWideScreen } from '../../test/match-media';
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

function atStaff(path = '/staff', members: StaffMember[] = [colleague]) {
  signIn(admin);
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: admin },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${staffPaths.staff}`]: { body: { data: members, next_cursor: null } },
    [`GET ${staffPaths.invitations}`]: {
      body: {
        data: [
          {
            id: 3,
            email: 'pending@elsewhere.test',
            role: 'staff',
            created_at: '2026-11-25T09:00:00.000Z',
            expires_at: '2026-12-02T09:00:00.000Z',
            invited_by: { id: 1, name: 'Asha Rao', email: 'asha@school.test' },
          },
        ],
      },
    },
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
          invited_by: { id: 1, name: 'Asha Rao', email: 'asha@school.test' },
        },
      },
    },
  });
  renderApp(path);
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
    const card = within(screen.getByRole('list', { name: texts.listLabel })).getByRole('listitem');
    expect(within(card).getByText(staffTexts.statuses.active)).toBeInTheDocument();
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

  it('keeps the search and the status in the address, and reads them from it', async () => {
    const stub = atStaff('/staff?q=okafor&status=deactivated');
    const user = userEvent.setup();
    expect(await screen.findByLabelText(texts.search)).toHaveValue('okafor');
    expect(screen.getByLabelText(texts.statusFilter)).toHaveValue('deactivated');
    await waitFor(() => {
      const [first] = stub.callsTo(`GET ${staffPaths.staff}`);
      expect(first?.url.searchParams.get('q')).toBe('okafor');
      expect(first?.url.searchParams.get('status')).toBe('deactivated');
    });
    await screen.findByText('Tom Okafor');
    await user.selectOptions(screen.getByLabelText(texts.statusFilter), texts.everyone);
    await waitFor(() => expect(window.location.search).toBe('?q=okafor'));
    await waitFor(() =>
      expect(stub.callsTo(`GET ${staffPaths.staff}`).at(-1)?.url.searchParams.has('status')).toBe(
        false,
      ),
    );
  });

  it('says so when nobody matches the search', async () => {
    atStaff('/staff?q=nobody', []);
    expect(await screen.findByText(texts.noMatch)).toBeInTheDocument();
  });

  it('shows a card per person on a phone, with the role and Deactivate in it', async () => {
    atStaff();
    const cards = await screen.findByRole('list', { name: texts.listLabel });
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: /Tom Okafor/ })).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: texts.roleOf('Tom Okafor') })).toBeVisible();
    expect(
      within(card).getByRole('button', { name: `${texts.deactivate} Tom Okafor` }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a table on a wide screen, a row per person', async () => {
    setWideScreen(true);
    atStaff();
    const table = await screen.findByRole('table', { name: texts.listLabel });
    const row = within(table).getByRole('row', { name: /Tom Okafor/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('tom@school.test');
    expect(
      within(row).getByRole('button', { name: `${texts.deactivate} Tom Okafor` }),
    ).toBeVisible();
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

  it('shows who sent each pending invitation', async () => {
    atStaff();
    const pending = await screen.findByRole('region', { name: texts.pending });
    expect(await within(pending).findByText(/pending@elsewhere\.test/)).toHaveTextContent(
      texts.invitedBy('Asha Rao'),
    );
  });
});
