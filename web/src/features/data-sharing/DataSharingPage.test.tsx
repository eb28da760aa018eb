import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, buildPath, rosterPaths, rosterTexts } from '@um/contract';
import type { ApiClient } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';

const admin = { ...testUser, role: 'admin' as const };
const stamp = '2026-11-26T09:00:00.000Z';
const sync: ApiClient = {
  id: 3,
  name: 'Classroom sync',
  client_id: 'or-0123456789abcdef01234567',
  created_at: stamp,
  created_by: 'Head',
  last_used_at: null,
  revoked_at: null,
};

function atDataSharing() {
  signIn(admin);
  let clients: ApiClient[] = [];
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: admin },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${rosterPaths.apiClients}`]: () => ({ body: { data: clients } }),
    [`POST ${rosterPaths.apiClients}`]: () => {
      clients = [sync];
      return { status: 201, body: { data: { ...sync, client_secret: 'the-secret-shown-once' } } };
    },
    [`DELETE ${buildPath(rosterPaths.apiClient, { id: 3 })}`]: () => {
      clients = [{ ...sync, revoked_at: stamp }];
      return { status: 204 };
    },
    [`GET ${rosterPaths.accessLog}`]: {
      body: {
        data: [
          {
            id: 1,
            at: stamp,
            actor: { kind: 'client', id: 3, name: 'Classroom sync' },
            what: 'GET /ims/oneroster/rostering/v1p2/users',
            records: 12,
            students: 4,
          },
        ],
        next_cursor: null,
      },
    },
  });
  renderApp('/data-sharing');
  return stub;
}

describe('data sharing screen', () => {
  it('creates an API client, shows its secret once, and revokes it after asking', async () => {
    const { callsTo } = atDataSharing();
    const user = userEvent.setup({ delay: null });
    // The first test of the file waits for the app to start and the screen's chunk to load.
    expect(
      await screen.findByText(rosterTexts.clientsEmpty, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: rosterTexts.newClient }));
    const dialog = await screen.findByRole('dialog', { name: rosterTexts.newClient });
    await user.click(within(dialog).getByRole('button', { name: rosterTexts.create }));
    expect(within(dialog).getByText(rosterTexts.clientNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(rosterTexts.clientName), 'Classroom sync');
    await user.click(within(dialog).getByRole('button', { name: rosterTexts.create }));
    expect(callsTo(`POST ${rosterPaths.apiClients}`)[0]!.body).toEqual({ name: 'Classroom sync' });

    const secret = await screen.findByRole('dialog', {
      name: rosterTexts.created('Classroom sync'),
    });
    expect(within(secret).getByText('the-secret-shown-once')).toBeInTheDocument();
    expect(within(secret).getByText(rosterTexts.secretOnce)).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: rosterTexts.secretDone }));
    await waitFor(() =>
      expect(screen.queryByText('the-secret-shown-once')).not.toBeInTheDocument(),
    );

    await user.click(await screen.findByRole('button', { name: 'Revoke Classroom sync' }));
    const confirm = await screen.findByRole('dialog', {
      name: rosterTexts.revokeTitle('Classroom sync'),
    });
    await user.click(within(confirm).getByRole('button', { name: rosterTexts.revoke }));
    expect(await screen.findByText(rosterTexts.revoked('Classroom sync'))).toBeInTheDocument();
    expect(callsTo(`DELETE ${buildPath(rosterPaths.apiClient, { id: 3 })}`)).toHaveLength(1);
    expect(await screen.findByText(/^Revoked /)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Data sharing' })).toBeInTheDocument();
  });

  it('lists who received what, with how many records and students', async () => {
    atDataSharing();
    expect(await screen.findByText('GET /ims/oneroster/rostering/v1p2/users')).toBeInTheDocument();
    expect(screen.getByText(rosterTexts.logRecords(12, 4))).toBeInTheDocument();
  });
});
