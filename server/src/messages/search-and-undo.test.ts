import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { LIMITS, type Message, type MessageList } from '@um/contract';
import { dialects, useTestApp } from '../test/harness.js';
import { loginAs, unique } from '../test/factories.js';

const PROBLEM = /^application\/problem\+json/;
type Headers = Record<string, string>;

describe.each(dialects)('inbox search and Undo on %s', (dialect) => {
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

  async function post(as: Headers, content: string): Promise<Message> {
    const response = await call('POST', '/api/message/', as, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Message }>().data;
  }

  async function search(as: Headers, q: string, page = 'limit=200'): Promise<MessageList> {
    const response = await call('GET', `/api/message/?q=${encodeURIComponent(q)}&${page}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageList>();
  }

  const ids = (list: MessageList) => list.data.map((message) => message.id);

  const staff = (name = unique('Teacher ')) =>
    loginAs(t.database.db, t.config.jwtSecret, { name, password: null });

  it('finds the messages holding every word, in any order and case, in the text or the sender name', async () => {
    const topic = unique('Fieldtrip');
    const sender = unique('Meenakshi');
    const author = await staff(`${sender} Rao`);
    const both = await post(author.headers, `The ${topic} bus leaves at 8.\nBring lunch.`);
    const onlyTopic = await post(headers, `About the ${topic}: permission slips.`);
    await post(author.headers, 'Unrelated notice about lunch.');

    expect(ids(await search(headers, topic))).toEqual([onlyTopic.id, both.id]);
    expect(ids(await search(headers, `${sender.toUpperCase()}   ${topic.toLowerCase()}`))).toEqual([
      both.id,
    ]);
    expect(ids(await search(headers, `lunch ${topic}`))).toEqual([both.id]);
    expect(ids(await search(headers, `${topic} ${unique('nowhere')}`))).toEqual([]);
    // Words shorter than the index's three characters are checked on the rows. Letters no
    // unique tag holds (a tag is digits and hex), so only the bus message has them.
    expect(ids(await search(headers, `${topic} bu`))).toEqual([both.id]);
    const short = await post(headers, `${unique('Q')} at 9 in room B7`);
    expect(ids(await search(headers, 'B7')).slice(0, 1)).toEqual([short.id]);
  });

  it('reads the search as words, never as LIKE wildcards or FTS5 operators', async () => {
    const tag = unique('Lit');
    const literal = await post(headers, `${tag} 100% "done" a_b NEAR(x) -minus *star OR`);
    const other = await post(headers, `${tag} 100 percent, ab`);
    for (const q of ['100%', '"done"', 'a_b', 'NEAR(x)', '-minus', '*star', 'OR']) {
      expect(ids(await search(headers, `${tag} ${q}`)), q).toEqual([literal.id]);
    }
    expect(ids(await search(headers, `${tag} 100`))).toEqual([other.id, literal.id]);
  });

  it('pages a search newest first by cursor, with no duplicate and no gap', async () => {
    const topic = unique('Sportsday');
    const matching: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      matching.unshift((await post(headers, `${topic} heat ${i}`)).id);
      await post(headers, `Something else ${i}`);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: MessageList = await search(
        headers,
        `heat ${topic}`,
        `limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const current = page.data.map((message) => message.id);
      expect(current.length).toBeLessThanOrEqual(3);
      seen.push(...current);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(matching);
  });

  it("leaves out what the caller removed, and keeps colleagues' inboxes as they were", async () => {
    const topic = unique('Assembly');
    const colleague = await staff();
    const message = await post(headers, `${topic} moved to the hall`);
    expect((await call('DELETE', `/api/message/${message.id}/`, headers)).statusCode).toBe(204);
    expect(ids(await search(headers, topic))).toEqual([]);
    expect(ids(await search(colleague.headers, topic))).toEqual([message.id]);
  });

  it('refuses a search over the longest allowed with 400 naming q', async () => {
    const response = await call(
      'GET',
      `/api/message/?q=${'a'.repeat(LIMITS.searchMax + 1)}`,
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['q']);
  });

  it('restores a removed message to the caller with its read state, and the unread count follows', async () => {
    const reader = await staff();
    const author = await staff();
    const unread = await post(author.headers, unique('Unread notice '));
    const read = await post(author.headers, unique('Read notice '));
    expect((await call('PATCH', `/api/message/${read.id}/read/`, reader.headers)).statusCode).toBe(
      200,
    );
    const before = (await search(reader.headers, '')).unread_count;
    for (const message of [unread, read]) {
      expect((await call('DELETE', `/api/message/${message.id}/`, reader.headers)).statusCode).toBe(
        204,
      );
    }
    expect((await search(reader.headers, '')).unread_count).toBe(before - 1);

    const back = await call('POST', `/api/message/${unread.id}/restore/`, reader.headers);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ data: Message }>().data).toEqual({ ...unread, is_read: false });
    const backWithSlashless = await call('POST', `/api/message/${read.id}/restore`, reader.headers);
    expect(backWithSlashless.json<{ data: Message }>().data).toMatchObject({
      id: read.id,
      is_read: true,
    });
    const inbox = await search(reader.headers, '');
    expect(inbox.unread_count).toBe(before);
    expect(ids(inbox)).toEqual(expect.arrayContaining([unread.id, read.id]));
  });

  it('answers 404 when the message is in the inbox, was never there, or was restored already', async () => {
    const message = await post(headers, unique('Kept '));
    for (const id of [message.id, 2_000_000_000]) {
      const response = await call('POST', `/api/message/${id}/restore/`, headers);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.headers['content-type']).toMatch(PROBLEM);
    }
    const colleague = await staff();
    await call('DELETE', `/api/message/${message.id}/`, colleague.headers);
    // Another person's removal is theirs: the author's restore finds nothing to undo.
    expect((await call('POST', `/api/message/${message.id}/restore/`, headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/message/${message.id}/restore/`, headers, { id: 3 })).statusCode,
    ).toBe(400);
  });

  it('restores once when two restores of one removal race', async () => {
    const message = await post(headers, unique('Race '));
    await call('DELETE', `/api/message/${message.id}/`, headers);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/api/message/${message.id}/restore/`, headers)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404, 404]);
  });
});
