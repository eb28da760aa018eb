import { describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@um/contract';
import { bearer, loginTokens, postJson } from '../test/auth-helpers.js';
import { insertStandard, insertStudent, insertUser } from '../test/factories.js';
import { dialects, useTestApp } from '../test/harness.js';

describe.each(dialects)('personal data is never cached, on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('sends Cache-Control: no-store with every API answer: students, standards, inbox, profile and tokens', async () => {
    const user = await insertUser(t.database.db);
    const tokens = await loginTokens(t.app, user.email);
    const standard = await insertStandard(t.database.db);
    const student = await insertStudent(t.database.db, standard.id);
    const auth = bearer(tokens.access);
    const sent = await postJson(t.app, apiPaths.messages, { content: 'Staff meeting at 3' }, auth);
    expect(sent.statusCode).toBe(201);
    const message = sent.json<{ data: { id: number } }>().data;

    const signedIn = (method: 'GET' | 'PATCH', url: string) =>
      t.app.inject({ method, url, headers: auth });
    const answers = await Promise.all([
      signedIn('GET', apiPaths.students),
      signedIn('GET', buildPath(apiPaths.student, { id: student.id })),
      signedIn('GET', apiPaths.standards),
      signedIn('GET', buildPath(apiPaths.standard, { id: standard.id })),
      signedIn('GET', apiPaths.messages),
      signedIn('PATCH', buildPath(apiPaths.messageRead, { id: message.id })),
      signedIn('GET', apiPaths.profile),
      postJson(t.app, apiPaths.login, { email: user.email, password: 'not the password' }),
      postJson(t.app, apiPaths.refresh, { refresh: tokens.refresh }),
      t.app.inject({ method: 'GET', url: apiPaths.students }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 401, 200, 401,
    ]);
    for (const answer of answers) {
      expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store');
    }
  });
});
