import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, recordPaths } from '@um/contract';
import { pending, stubFetch } from '../test/fetch-stub';
import { renderApp, signIn } from '../test/render-app';

const PROFILE = `GET ${apiPaths.profile}`;
const COUNT = `GET ${recordPaths.studentsCount}`;
const UNREAD = `GET ${apiPaths.messages}`;

describe('the first screen of a stored session', () => {
  it("asks for the dashboard's data beside the session check, not after it", async () => {
    signIn();
    // The check's answer never comes: whatever is asked for meanwhile went out beside it.
    const { callsTo } = stubFetch({ [PROFILE]: () => pending() });
    renderApp('/dashboard');

    await waitFor(() => expect(callsTo(COUNT)).toHaveLength(1));
    expect(callsTo(UNREAD).length).toBeGreaterThan(0);
    expect(callsTo(PROFILE)).toHaveLength(1);
  });

  it('asks for no data without a stored session', async () => {
    const { calls } = stubFetch({});
    renderApp('/dashboard');

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(calls.map((call) => call.path)).not.toContain(recordPaths.studentsCount);
  });
});
