import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Message, MessageList } from '@um/contract';
import { encodeCursor } from '../db/paging.js';
import { dialects, useTestApp } from '../test/harness.js';
import { loginAs, unique } from '../test/factories.js';

const PROBLEM = /^application\/problem\+json/;
type Headers = Record<string, string>;

describe.each(dialects)('messages API on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Headers;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Office Admin' }));
  });

  const call = (method: InjectOptions['method'], url: string, as: Headers, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: as,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  async function post(as: Headers, content = unique('Staff meeting at 3pm ')): Promise<Message> {
    const response = await call('POST', '/api/message/', as, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Message }>().data;
  }

  async function inbox(as: Headers, query = 'limit=200'): Promise<MessageList> {
    const response = await call('GET', `/api/message/?${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageList>();
  }

  const staff = () =>
    loginAs(t.database.db, t.config.jwtSecret, { name: unique('Teacher '), password: null });

  it('answers 401 problem JSON on every messages route without a valid access token', async () => {
    const message = await post(headers);
    const routes: [InjectOptions['method'], string, unknown][] = [
      ['GET', '/api/message/', undefined],
      ['POST', '/api/message/', { content: 'hello' }],
      ['PATCH', `/api/message/${message.id}/read/`, undefined],
      ['DELETE', `/api/message/${message.id}/`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const response = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.headers['content-type']).toMatch(PROBLEM);
      }
    }
    expect((await inbox(headers)).data.some((m) => m.id === message.id)).toBe(true);
  });

  it("posts a trimmed message with 201 {data} under the author's name, read for the author", async () => {
    const { user, headers: as } = await loginAs(t.database.db, t.config.jwtSecret, {
      name: ' Priya Sharma ',
    });
    const response = await call('POST', '/api/message/', as, { content: '  Fire drill at 10.  ' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Message }>();
    expect(data).toEqual({
      id: expect.any(Number),
      sender: 'Priya Sharma',
      sender_id: user.id,
      content: 'Fire drill at 10.',
      is_read: true,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    expect((await inbox(as)).data.find((m) => m.id === data.id)).toEqual(data);
  });

  it("uses the author's e-mail as sender when the name is empty, and keeps the name given at posting", async () => {
    const { user, headers: as } = await loginAs(t.database.db, t.config.jwtSecret, { name: '' });
    const message = await post(as);
    expect(message.sender).toBe(user.email);

    const named = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Old Name' });
    const before = await post(named.headers);
    await t.database.db
      .updateTable('users')
      .set({ name: 'New Name' })
      .where('id', '=', named.user.id)
      .execute();
    const listed = (await inbox(headers)).data.find((m) => m.id === before.id);
    expect(listed?.sender).toBe('Old Name');
  });

  it('requires content after trimming with the spec message, bounds it at 5000 and rejects unknown fields', async () => {
    for (const payload of [{}, { content: '   \n ' }, { content: null }]) {
      const response = await call('POST', '/api/message/', headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.json().errors).toEqual({ content: ['Message content is required.'] });
    }
    expect(
      (await call('POST', '/api/message/', headers, { content: 'x'.repeat(5000) })).statusCode,
    ).toBe(201);
    const long = await call('POST', '/api/message/', headers, { content: 'x'.repeat(5001) });
    expect(long.json().errors).toEqual({ content: ['Message must be at most 5000 characters.'] });
    const extra = await call('POST', '/api/message/', headers, {
      content: 'hi',
      sender: 'Principal',
      is_read: false,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().detail).toMatch(/sender, is_read/);
    const nul = await call('POST', '/api/message/', headers, { content: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });

  it('keeps read state per user: A posts, B sees it unread, B reads it, B deletes it, A still has it', async () => {
    const a = await staff();
    const b = await staff();
    const unreadA = (await inbox(a.headers)).unread_count;
    const unreadB = (await inbox(b.headers)).unread_count;

    const message = await post(a.headers, 'Parents evening moved to Thursday.');
    const forA = await inbox(a.headers);
    expect(forA.data[0]).toMatchObject({ id: message.id, is_read: true, sender_id: a.user.id });
    expect(forA.unread_count).toBe(unreadA);

    const forB = await inbox(b.headers);
    expect(forB.data[0]).toMatchObject({ id: message.id, is_read: false, sender: a.user.name });
    expect(forB.unread_count).toBe(unreadB + 1);

    const read = await call('PATCH', `/api/message/${message.id}/read/`, b.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: Message }>().data).toMatchObject({ id: message.id, is_read: true });
    expect((await inbox(b.headers)).unread_count).toBe(unreadB);

    const removed = await call('DELETE', `/api/message/${message.id}/`, b.headers);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const afterB = await inbox(b.headers);
    expect(afterB.data.some((m) => m.id === message.id)).toBe(false);
    expect(afterB.unread_count).toBe(unreadB);

    const afterA = await inbox(a.headers);
    expect(afterA.data[0]).toMatchObject({ id: message.id, is_read: true });
    expect(afterA.unread_count).toBe(unreadA);

    const c = await staff();
    const forC = await inbox(c.headers);
    expect(forC.data.find((m) => m.id === message.id)?.is_read).toBe(false);
  });

  it('counts a deleted unread message out of the unread count', async () => {
    const a = await staff();
    const b = await staff();
    const message = await post(a.headers);
    const before = (await inbox(b.headers)).unread_count;
    expect((await call('DELETE', `/api/message/${message.id}/`, b.headers)).statusCode).toBe(204);
    expect((await inbox(b.headers)).unread_count).toBe(before - 1);
  });

  it('marks read idempotently: read stays read and the unread count drops once', async () => {
    const a = await staff();
    const b = await staff();
    const message = await post(a.headers);
    const before = (await inbox(b.headers)).unread_count;
    for (let i = 0; i < 3; i += 1) {
      const response = await call('PATCH', `/api/message/${message.id}/read`, b.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.is_read).toBe(true);
    }
    const withBody = await call('PATCH', `/api/message/${message.id}/read/`, b.headers, {});
    expect(withBody.statusCode).toBe(200);
    expect((await inbox(b.headers)).unread_count).toBe(before - 1);
    const own = await call('PATCH', `/api/message/${message.id}/read/`, a.headers);
    expect(own.json().data.is_read).toBe(true);
    const states = await t.database.db
      .selectFrom('message_states')
      .select('read_at')
      .where('message_id', '=', message.id)
      .where('user_id', '=', b.user.id)
      .execute();
    expect(states).toHaveLength(1);
  });

  it('answers 404 for an unknown message and for one the caller deleted, on read and on delete', async () => {
    const a = await staff();
    const b = await staff();
    for (const [method, url] of [
      ['PATCH', '/api/message/987654/read/'],
      ['DELETE', '/api/message/987654/'],
    ] as const) {
      const response = await call(method, url, b.headers);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.json().detail).toBe('Message not found.');
    }
    const message = await post(a.headers);
    expect((await call('DELETE', `/api/message/${message.id}/`, b.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/message/${message.id}/`, b.headers)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/message/${message.id}/read/`, b.headers)).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/message/${message.id}/read/`, a.headers)).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', '/api/message/abc/read/', b.headers)).statusCode).toBe(400);
    expect(
      (await call('PATCH', `/api/message/${message.id}/read/`, a.headers, { is_read: false }))
        .statusCode,
    ).toBe(400);
  });

  it('lists newest first and pages by cursor with no duplicate and no gap while messages arrive', async () => {
    const a = await staff();
    for (let i = 0; i < 7; i += 1) await post(a.headers, `Notice ${i}`);
    const everything = (await inbox(a.headers)).data.map((m) => m.id);
    expect([...everything].sort((x, y) => y - x)).toEqual(everything);

    const seen: number[] = [];
    const arrived: number[] = [];
    let cursor: string | null = null;
    do {
      const current: MessageList = await inbox(
        a.headers,
        `limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(current.data.length).toBeLessThanOrEqual(3);
      seen.push(...current.data.map((m) => m.id));
      cursor = current.next_cursor;
      // Newer messages land before the cursor: they belong to the next fresh load, not this walk.
      arrived.push((await post(a.headers)).id);
    } while (cursor);
    expect(seen).toEqual(everything);
    expect(seen.some((id) => arrived.includes(id))).toBe(false);
  });

  it('refuses a limit over 200, a malformed cursor and unknown parameters with 400', async () => {
    for (const query of [
      'limit=201',
      'limit=0',
      'cursor=abc',
      `cursor=${encodeCursor('7')}`,
      `cursor=${encodeCursor(-1)}`,
      `cursor=${encodeCursor(9_999_999_999)}`,
      'unread=true',
    ]) {
      const response = await call('GET', `/api/message/?${query}`, headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
    }
  });

  it('keeps a message whose author was deleted, with the sender name and no sender id', async () => {
    const gone = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Retired Teacher' });
    const message = await post(gone.headers);
    await t.database.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
    const listed = (await inbox(headers)).data.find((m) => m.id === message.id);
    expect(listed).toMatchObject({ sender: 'Retired Teacher', sender_id: null, is_read: false });
    expect((await call('POST', '/api/message/', gone.headers, { content: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('stores SQL and script payloads verbatim', async () => {
    const content = '<img src=x onerror=alert(1)>\'); DROP TABLE messages;-- \\ % _ "quoted"\n😀';
    const message = await post(headers, content);
    expect(message.content).toBe(content);
    expect((await inbox(headers)).data.find((m) => m.id === message.id)?.content).toBe(content);
  });

  it('documents every messages route with bearer security in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    }>();
    const operations = [
      document.paths['/api/message/']?.['get'],
      document.paths['/api/message/']?.['post'],
      document.paths['/api/message/{id}/read/']?.['patch'],
      document.paths['/api/message/{id}/']?.['delete'],
    ];
    for (const operation of operations) {
      expect(operation?.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation?.responses ?? {})).toContain('401');
    }
  });
});
