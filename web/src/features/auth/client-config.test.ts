import { apiPaths } from '@um/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { stubFetch } from '../../test/fetch-stub';
import { titlePageWithSchool } from './client-config';

describe('the page title', () => {
  afterEach(() => {
    document.title = 'User Management';
  });

  it("names the school after the product's title when the server names one", async () => {
    stubFetch({
      [`GET ${apiPaths.config}`]: {
        body: { google_client_id: null, school_name: 'Greenfield Primary' },
      },
    });
    titlePageWithSchool();
    await waitFor(() => expect(document.title).toBe('User Management · Greenfield Primary'));
  });

  it("keeps the product's title alone when the server names no school", async () => {
    const { calls } = stubFetch({
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null, school_name: null } },
    });
    titlePageWithSchool();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('User Management');
  });
});
