import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, secondStepPaths, staffPaths, staffTexts, texts } from '@um/contract';
import { readTokens } from '../../lib/session';
import { stubFetch } from '../../test/fetch-stub';
import type { StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { profileTexts } from './ProfilePage';

const CHANGE = `POST ${apiPaths.changePassword}`;

const sessions = [
  {
    id: '2b1c6a52-5f0e-4a6c-9a3e-1f0d1c2b3a40',
    created_at: '2026-11-26T09:00:00.000Z',
    last_used_at: '2026-11-26T10:00:00.000Z',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
    ip: '10.0.0.7',
    current: true,
  },
  {
    id: '7f3e2d1c-0b9a-4877-8655-443322110000',
    created_at: '2026-11-20T09:00:00.000Z',
    last_used_at: '2026-11-21T08:00:00.000Z',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ip: '10.0.0.8',
    current: false,
  },
];

function atProfile(change: StubReply) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    [CHANGE]: change,
    [`GET ${staffPaths.sessions}`]: { body: { data: sessions } },
    [`POST ${staffPaths.revokeOtherSessions}`]: { status: 204 },
    [`GET ${secondStepPaths.mfa}`]: {
      body: {
        data: {
          totp: false,
          totp_enabled_at: null,
          recovery_codes_left: 0,
          passkeys: 0,
          required: false,
          has_password: true,
        },
      },
    },
    [`GET ${secondStepPaths.passkeys}`]: { body: { data: [] } },
    [`GET ${staffPaths.activity}`]: {
      body: {
        data: [
          {
            at: '2026-11-26T09:00:00.000Z',
            kind: 'sign_in',
            ip: '10.0.0.7',
            user_agent: sessions[0]!.user_agent,
            by_administrator: false,
          },
          {
            at: '2026-11-25T09:00:00.000Z',
            kind: 'role_changed',
            ip: '',
            user_agent: '',
            by_administrator: true,
          },
        ],
        next_cursor: null,
      },
    },
  });
  renderApp('/profile');
  return stub;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  again: string,
) {
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('profile page', () => {
  it('shows the name and the e-mail', async () => {
    atProfile({ status: 500 });
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText(testUser.name)).toBeInTheDocument();
    expect(within(account).getByText(testUser.email)).toBeInTheDocument();
  });

  it('checks that the new passwords match before calling the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = atProfile({ status: 500 });
    await fill(user, 'old password', 'a new password', 'another one');
    expect(await screen.findByText(texts.register.passwordsDoNotMatch)).toBeInTheDocument();
    expect(callsTo(CHANGE)).toHaveLength(0);
  });

  it('changes the password and keeps this tab signed in with the new tokens', async () => {
    const user = userEvent.setup();
    const pair = { access: 'access-new', refresh: 'refresh-new' };
    const { callsTo } = atProfile({ body: { token: pair } });
    await fill(user, 'old password', 'a new password', 'a new password');

    expect(await screen.findByRole('status')).toHaveTextContent(profileTexts.changed);
    expect(callsTo(CHANGE)[0]!.body).toEqual({
      current_password: 'old password',
      password: 'a new password',
      password2: 'a new password',
    });
    expect(readTokens()).toEqual(pair);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the failure with the server's reason, and marks a wrong current password on its field", async () => {
    const user = userEvent.setup();
    const wrong = 'The current password is not correct.';
    atProfile({
      status: 400,
      body: { status: 400, detail: wrong, errors: { current_password: [wrong] } },
    });
    await fill(user, 'wrong password', 'a new password', 'a new password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(profileTexts.changeFailed);
    expect(alert).toHaveTextContent(wrong);
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(wrong);
    await waitFor(() => expect(current).toHaveFocus());
  });

  it('lists the signed-in devices with this one marked, signs the others out, and shows recent activity', async () => {
    const stub = atProfile({ body: {} });
    const user = userEvent.setup();
    const devices = await screen.findByRole('region', { name: staffTexts.devices.title });
    expect(await within(devices).findByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(devices).getByText(staffTexts.devices.thisDevice)).toBeInTheDocument();
    expect(within(devices).getByText('Safari on iOS')).toBeInTheDocument();
    await user.click(
      within(devices).getByRole('button', { name: staffTexts.devices.signOutOthers }),
    );
    await waitFor(() =>
      expect(stub.callsTo(`POST ${staffPaths.revokeOtherSessions}`)).toHaveLength(1),
    );
    const activity = screen.getByRole('region', { name: staffTexts.activity.title });
    expect(await within(activity).findByText('Signed in')).toBeInTheDocument();
    const roleChange = within(activity).getByText(staffTexts.activityKinds.role_changed);
    expect(roleChange.closest('li')).toHaveTextContent(staffTexts.activity.byAdministrator);
  });
});
