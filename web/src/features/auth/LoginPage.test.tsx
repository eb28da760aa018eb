import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, texts } from '@um/contract';
import { readTokens, readUser } from '../../lib/session';
import { pending, stubFetch } from '../../test/fetch-stub';
import { renderApp, testUser } from '../../test/render-app';

const pair = { access: 'access-a', refresh: 'refresh-a' };
const noGoogle = { [`GET ${apiPaths.config}`]: { body: { google_client_id: null } } };

describe('login page', () => {
  it('has an email field of type email, a password field, and the forgot-password and sign-up links', async () => {
    stubFetch(noGoogle);
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
  });

  it('puts the cursor in the email field', async () => {
    stubFetch(noGoogle);
    renderApp('/login');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('carries the email typed there to Forgot password', async () => {
    const user = userEvent.setup();
    stubFetch(noGoogle);
    renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@school.test');
  });

  it('requires the email and the password', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch(noGoogle);
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(callsTo(`POST ${apiPaths.login}`)).toHaveLength(0);
  });

  it("shows 'Login failed. Please check your credentials.' when the server refuses", async () => {
    const user = userEvent.setup();
    stubFetch({
      ...noGoogle,
      [`POST ${apiPaths.login}`]: {
        status: 401,
        body: { status: 401, detail: texts.login.failed },
      },
    });
    renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.login.failed);
    expect(readTokens()).toBeNull();
  });

  it('signs in, keeps the user from the profile, and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...noGoogle,
      [`POST ${apiPaths.login}`]: { body: { token: pair } },
      [`GET ${apiPaths.profile}`]: { body: testUser },
      'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    });
    renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), ' Ada@School.test ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { name: `Welcome back, ${testUser.name}!` }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(callsTo(`POST ${apiPaths.login}`)[0]!.body).toEqual({
      email: 'ada@school.test',
      password: 'correct horse',
    });
    expect(callsTo(`GET ${apiPaths.profile}`)[0]!.headers.get('authorization')).toBe(
      'Bearer access-a',
    );
    expect(readTokens()).toEqual(pair);
    expect(readUser()).toEqual(testUser);
  });

  it('shows that it is working while the server answers', async () => {
    const user = userEvent.setup();
    stubFetch({ ...noGoogle, [`POST ${apiPaths.login}`]: pending });
    renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled());
  });
});
