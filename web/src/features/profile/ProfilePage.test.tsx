import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, texts } from '@um/contract';
import { readTokens } from '../../lib/session';
import { stubFetch } from '../../test/fetch-stub';
import type { StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { profileTexts } from './ProfilePage';

const CHANGE = `POST ${apiPaths.changePassword}`;

function atProfile(change: StubReply) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    [CHANGE]: change,
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
});
