import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CODE_JUST_SENT_PROBLEM_TYPE,
  MAIL_COOLDOWN_MS,
  apiPaths,
  everydayTexts,
  texts,
} from '@um/contract';
import { readTokens } from '../../lib/session';
import { stubFetch } from '../../test/fetch-stub';
import type { StubReply } from '../../test/fetch-stub';
import { renderApp, testUser } from '../../test/render-app';

const SEND_OTP = `POST ${apiPaths.sendOtp}`;
const REGISTER = `POST ${apiPaths.register}`;
const otpSent: StubReply = { body: { detail: texts.register.otpSent } };

function stubs(extra: Record<string, StubReply> = {}) {
  return stubFetch({
    [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
    [SEND_OTP]: otpSent,
    [`GET ${apiPaths.profile}`]: { body: testUser },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    ...extra,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function reachStepTwo(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/register');
  await user.type(await screen.findByLabelText('Email'), 'new@school.test');
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('OTP');
}

describe('register page, step 1', () => {
  it("asks for the email with 'Please enter your email address'", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubs();
    renderApp('/register');

    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText(texts.register.emailRequired)).toBeInTheDocument();
    expect(callsTo(SEND_OTP)).toHaveLength(0);
  });

  it("shows 'Failed to send OTP. Please try again.' with the server's reason", async () => {
    const user = userEvent.setup();
    stubs({
      [SEND_OTP]: {
        status: 403,
        body: { status: 403, detail: 'Sign-up is limited to school addresses.' },
      },
    });
    renderApp('/register');

    await user.type(await screen.findByLabelText('Email'), 'someone@gmail.test');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.register.otpSendFailed);
    expect(alert).toHaveTextContent('Sign-up is limited to school addresses.');
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
  });

  it('goes on to the code when one was sent less than a minute ago, saying so and when another can be asked for', async () => {
    const user = userEvent.setup();
    const detail = everydayTexts.resend.justSent(42);
    stubs({
      [SEND_OTP]: {
        status: 429,
        body: { type: CODE_JUST_SENT_PROBLEM_TYPE, status: 429, detail },
      },
    });
    await reachStepTwo(user);

    expect(screen.getByRole('status')).toHaveTextContent(detail);
    expect(screen.queryByText(texts.register.otpSent)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the Google sign-up button on step 1 only', async () => {
    const user = userEvent.setup();
    stubs();
    await reachStepTwo(user);
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Email' }));
    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
  });
});

describe('register page, step 2', () => {
  it("tells the user the code was sent: 'OTP sent to your email. Please check your inbox.'", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubs();
    await reachStepTwo(user);

    expect(screen.getByRole('status')).toHaveTextContent(texts.register.otpSent);
    expect(screen.getByText('new@school.test')).toBeInTheDocument();
    expect(callsTo(SEND_OTP)[0]!.body).toEqual({ email: 'new@school.test' });
  });

  it("checks 'Please enter the OTP sent to your email' and 'Passwords do not match'", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubs();
    await reachStepTwo(user);

    await user.type(screen.getByLabelText('Full name'), 'New Teacher');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a different one');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(texts.register.otpRequired)).toBeInTheDocument();
    expect(screen.getByText(texts.register.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('OTP')).toHaveFocus();
    expect(callsTo(REGISTER)).toHaveLength(0);
  });

  it('offers Resend code once the 60 s rule allows it, showing the wait until then', async () => {
    const user = userEvent.setup();
    let now = Date.parse('2026-01-05T09:00:00Z');
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { callsTo } = stubs();
    await reachStepTwo(user);

    const waiting = screen.getByRole('button', { name: everydayTexts.resend.wait(60) });
    expect(waiting).toBeDisabled();
    now += 15_000;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Resend code in/ })).toHaveAccessibleName(
        everydayTexts.resend.wait(45),
      ),
    );

    now += MAIL_COOLDOWN_MS;
    const resend = await screen.findByRole('button', { name: everydayTexts.resend.button });
    expect(resend).toBeEnabled();
    await user.click(resend);

    expect(callsTo(SEND_OTP).map((call) => call.body)).toEqual([
      { email: 'new@school.test' },
      { email: 'new@school.test' },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(texts.register.otpSent);
    expect(
      await screen.findByRole('button', { name: everydayTexts.resend.wait(60) }),
    ).toBeDisabled();
  });

  it('waits again when the server says a code went out less than a minute ago, saying so', async () => {
    const user = userEvent.setup();
    let now = Date.parse('2026-01-05T09:00:00Z');
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let sends = 0;
    const detail = everydayTexts.resend.justSent(20);
    stubFetch({
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
      [SEND_OTP]: () =>
        (sends += 1) === 1
          ? otpSent
          : { status: 429, body: { type: CODE_JUST_SENT_PROBLEM_TYPE, status: 429, detail } },
    });
    await reachStepTwo(user);

    now += MAIL_COOLDOWN_MS;
    await user.click(await screen.findByRole('button', { name: everydayTexts.resend.button }));

    expect(await screen.findByRole('status')).toHaveTextContent(detail);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: everydayTexts.resend.wait(60) })).toBeDisabled();
  });

  it('requires the name and the password', async () => {
    const user = userEvent.setup();
    stubs();
    await reachStepTwo(user);

    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
  });

  it('Back to Email returns to step 1 with the address kept', async () => {
    const user = userEvent.setup();
    stubs();
    await reachStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Back to Email' }));

    expect(await screen.findByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@school.test');
  });

  it("shows 'Registration failed. Please try again.' with the server's reason", async () => {
    const user = userEvent.setup();
    stubs({
      [REGISTER]: {
        status: 400,
        body: { status: 400, detail: 'The code is wrong or has expired.' },
      },
    });
    await reachStepTwo(user);

    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.type(screen.getByLabelText('Full name'), 'New Teacher');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.register.failed);
    expect(alert).toHaveTextContent('The code is wrong or has expired.');
  });

  it('creates the account with tc: true, signs in and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const pair = { access: 'access-r', refresh: 'refresh-r' };
    const { callsTo } = stubs({ [REGISTER]: { status: 201, body: { token: pair } } });
    await reachStepTwo(user);

    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.type(screen.getByLabelText('Full name'), 'New Teacher');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(callsTo(REGISTER)[0]!.body).toEqual({
      name: 'New Teacher',
      email: 'new@school.test',
      password: 'a long password',
      password2: 'a long password',
      tc: true,
      otp: '123456',
    });
    expect(readTokens()).toEqual(pair);
  });

  it('signs up by an invitation link in one step, without a code', async () => {
    const user = userEvent.setup();
    const pair = { access: 'access-i', refresh: 'refresh-i' };
    const { callsTo } = stubs({ [REGISTER]: { status: 201, body: { token: pair } } });
    renderApp('/register?invite=the-token');

    await user.type(await screen.findByLabelText('Email'), 'invited@elsewhere.test');
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Invited Teacher');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(callsTo(REGISTER)[0]!.body).toEqual({
      name: 'Invited Teacher',
      email: 'invited@elsewhere.test',
      password: 'a long password',
      password2: 'a long password',
      tc: true,
      invite: 'the-token',
    });
  });

  it('fills in the address the invitation was sent to', async () => {
    const { callsTo } = stubs({
      [`POST ${apiPaths.invitationEmail}`]: { body: { data: { email: 'asha@elsewhere.test' } } },
    });
    renderApp('/register?invite=the-token');

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('asha@elsewhere.test'));
    expect(callsTo(`POST ${apiPaths.invitationEmail}`)[0]!.body).toEqual({ invite: 'the-token' });
  });
});
