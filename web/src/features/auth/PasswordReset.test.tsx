import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESET_REDIRECT_MS, apiPaths, buildPath, everydayTexts, texts } from '@um/contract';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const FORGOT = `POST ${apiPaths.forgotPassword}`;
const RESET = `POST ${buildPath(apiPaths.resetPassword, { id: 'MQ', token: 'abc-def' })}`;
const config = { [`GET ${apiPaths.config}`]: { body: { google_client_id: null } } };

describe('forgot password page', () => {
  it("asks for the email with 'Please enter your email address'", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({});
    renderApp('/forgot-password');

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(texts.register.emailRequired)).toBeInTheDocument();
    expect(callsTo(FORGOT)).toHaveLength(0);
  });

  it('says a link has been sent if the account exists', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ [FORGOT]: { body: { detail: texts.forgotPassword.sent } } });
    renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.forgotPassword.sent);
    expect(callsTo(FORGOT)[0]!.body).toEqual({ email: 'ada@school.test' });
  });

  it("shows 'Failed to send reset email. Please try again.' when the call fails", async () => {
    const user = userEvent.setup();
    stubFetch({
      [FORGOT]: { status: 429, body: { status: 429, detail: 'Too many requests.' } },
    });
    renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.forgotPassword.failed);
  });
});

describe('reset password page', () => {
  it("checks 'Passwords do not match'", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({});
    renderApp('/reset-password/MQ/abc-def');

    await user.type(await screen.findByLabelText('New password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText(texts.resetPassword.passwordsDoNotMatch)).toBeInTheDocument();
    expect(callsTo(RESET)).toHaveLength(0);
  });

  it("shows 'Failed to reset password. The link may be invalid or expired.' with a way to a new link", async () => {
    const user = userEvent.setup();
    stubFetch({
      [RESET]: { status: 400, body: { status: 400, detail: 'This link is not valid.' } },
    });
    renderApp('/reset-password/MQ/abc-def');

    await user.type(await screen.findByLabelText('New password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.resetPassword.failed);
    await user.click(screen.getByRole('link', { name: everydayTexts.resetLinkAgain }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });

  it('confirms the reset and goes to the login page 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { callsTo } = stubFetch({
      ...config,
      [RESET]: { body: { detail: 'Your password has been reset.' } },
    });
    renderApp('/reset-password/MQ/abc-def');

    await user.type(await screen.findByLabelText('New password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.resetPassword.succeeded);
    expect(callsTo(RESET)[0]!.body).toEqual({
      password: 'a long password',
      password2: 'a long password',
    });
    // The clock also moves with real time (a few ms went by since the answer), hence the margin.
    act(() => vi.advanceTimersByTime(RESET_REDIRECT_MS - 200));
    expect(window.location.pathname).toBe('/reset-password/MQ/abc-def');

    act(() => vi.advanceTimersByTime(200));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});
