import { beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, type ApiDocument } from '../test/api-document.js';
import { bearer, loginTokens } from '../test/auth-helpers.js';
import { insertUser } from '../test/factories.js';
import { dialects, useTestApp } from '../test/harness.js';

const PROBLEM = /^application\/problem\+json/;

/**
 * The writes a viewer may make: the shared inbox and their own account. Every other write of
 * the document, including any added later, must refuse a viewer.
 */
const VIEWER_WRITES = new Set([
  'POST /api/message/',
  'PATCH /api/message/{id}/read/',
  'DELETE /api/message/{id}/',
  'POST /api/message/{id}/restore/',
  'POST /api/user/changepassword/',
  'DELETE /api/user/sessions/{id}/',
  'POST /api/user/sessions/revoke-others/',
  'POST /api/user/mfa/totp/',
  'POST /api/user/mfa/totp/confirm/',
  'POST /api/user/mfa/totp/disable/',
  'POST /api/user/mfa/recovery-codes/',
  'POST /api/user/passkeys/options/',
  'POST /api/user/passkeys/',
  'DELETE /api/user/passkeys/{id}/',
]);

describe.each(dialects)('a viewer, walking the API document on %s', (dialect) => {
  const t = useTestApp(dialect);
  let document: ApiDocument;
  let access: string;
  beforeAll(async () => {
    document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<ApiDocument>();
    const viewer = await insertUser(t.database.db, { role: 'viewer' });
    ({ access } = await loginTokens(t.app, viewer.email));
  });

  const signedIn = () =>
    operationsOf(document).filter(({ operation }) => JSON.stringify(operation.security) !== '[]');

  it('documents 403 on every signed-in write but the inbox and their own account', () => {
    const writes = signedIn().filter(({ method }) => method !== 'GET');
    expect(writes.length).toBeGreaterThan(10);
    for (const { name, operation } of writes) {
      if (VIEWER_WRITES.has(name)) {
        expect(operation.responses, name).not.toHaveProperty('403');
      } else {
        expect(operation.responses, name).toHaveProperty('403');
      }
    }
  });

  it('gets 403 problem JSON from every operation that documents 403, and from no other', async () => {
    // The event stream stays open until the client leaves; it is a read and documents no 403.
    const calls = signedIn().filter(({ path }) => path !== '/api/events/');
    for (const { name, method, path, operation } of calls) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{[^}]+\}/g, '1'),
        headers: bearer(access),
      });
      if (operation.responses['403']) {
        expect(response.statusCode, name).toBe(403);
        expect(response.headers['content-type'], name).toMatch(PROBLEM);
      } else {
        expect(response.statusCode, name).not.toBe(403);
      }
    }
  });
});
