import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@um/contract';
import { stubFetch } from '../test/fetch-stub';
import { renderApp, signIn, testUser } from '../test/render-app';

/** The app takes the page over from the boot view (src/lib/boot-view.ts, decision 0017). */

const PROFILE = `GET ${apiPaths.profile}`;

describe('the app and the boot view', () => {
  it('keeps the boot view while the session is checked, and removes it once the screen shows', async () => {
    signIn();
    let answer = (_: unknown) => {};
    const answered = new Promise((resolve) => (answer = resolve));
    stubFetch({ [PROFILE]: async () => ({ body: await answered }) });
    const bootViewElement = document.createElement('div');
    bootViewElement.id = 'boot-view';
    document.body.append(bootViewElement);

    renderApp('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bootViewElement).toBeInTheDocument();

    answer(testUser);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace!' }),
    ).toBeInTheDocument();
    expect(bootViewElement).not.toBeInTheDocument();
  });
});
