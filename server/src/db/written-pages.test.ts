import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  buildPath,
  messageListResponseSchema,
  standardListResponseSchema,
  standardSchema,
  studentListResponseSchema,
  studentSchema,
  type Message,
  type Standard,
  type Student,
} from '@um/contract';
import { dialects, useTestApp } from '../test/harness.js';
import { hostileFragments } from '../test/hostile.js';
import { insertStandard, insertStudent, loginAs, unique } from '../test/factories.js';

/**
 * Text the API accepts that JSON must escape or carry byte for byte: quotes, backslashes,
 * control characters, text that looks like the JSON around it, and Unicode beyond ASCII.
 */
const awkwardTexts = [
  ...hostileFragments.filter((text: string) => !/\0|\p{Cs}/u.test(text)),
  'line one\nline two',
  'tab\there, return\rhere, bell\u0007, escape\u001b',
  'a "quoted" word and a \\ backslash',
  '},\n{"id": 1, "name": "forged"}',
  '\u2028 and \u2029 separators',
];

/** Timestamps at whole seconds and with milliseconds, which both databases must write alike. */
const TIMESTAMPS = [
  '2026-01-02T03:04:05.000Z',
  '2026-11-26T17:21:43.120Z',
  '2026-12-31T23:59:59.999Z',
];

type Page<Item> = { data: Item[]; next_cursor: string | null };

describe.each(dialects)('lists written as JSON by %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  async function get(url: string) {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response;
  }

  /** Every item of a list, a page of `limit` at a time, following next_cursor to the end. */
  async function walk<Item>(url: string, limit: number, check: (body: unknown) => Page<Item>) {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const response = await get(
        `${url}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = check(response.json());
      expect(page.data.length).toBeLessThanOrEqual(limit);
      items.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  }

  it('answers each list page with the records exactly as reading them one by one does', async () => {
    const standard = await insertStandard(t.database.db, { description: awkwardTexts[3] });
    const tag = unique('json');
    for (const [index, text] of awkwardTexts.entries()) {
      const at = TIMESTAMPS[index % TIMESTAMPS.length] ?? '';
      await insertStudent(t.database.db, standard.id, {
        name: `${tag} ${text}`.slice(0, 100),
        email: `${tag}${index}@pupils.test`,
        roll_number: `${tag}${index}`.slice(0, 20),
        address: text,
        phone_number: text.slice(0, 20),
      });
      await t.database.db
        .updateTable('students')
        .set({ created_at: at, updated_at: at })
        .where('email', '=', `${tag}${index}@pupils.test`)
        .execute();
    }

    for (const limit of [1, 7, 100]) {
      const students = await walk<Student>(
        `${apiPaths.students}?standard=${standard.id}`,
        limit,
        (body) => studentListResponseSchema.strict().parse(body),
      );
      expect(students).toHaveLength(awkwardTexts.length);
      for (const student of students) {
        expect(Object.keys(student).sort()).toEqual(Object.keys(studentSchema.shape).sort());
        const one = await get(buildPath(apiPaths.student, { id: student.id }));
        expect(student).toEqual(one.json<{ data: Student }>().data);
      }
    }

    const standards = await walk<Standard>(apiPaths.standards, 2, (body) =>
      standardListResponseSchema.strict().parse(body),
    );
    const listed = standards.find((item) => item.id === standard.id);
    expect(listed).toBeDefined();
    expect(Object.keys(listed ?? {}).sort()).toEqual(Object.keys(standardSchema.shape).sort());
    const one = await get(buildPath(apiPaths.standard, { id: standard.id }));
    expect(listed).toEqual(one.json<{ data: Standard }>().data);
    expect(listed?.student_count).toBe(awkwardTexts.length);
  });

  it('writes the inbox with read flags, timestamps and the unread count', async () => {
    const reader = await loginAs(t.database.db, t.config.jwtSecret);
    const sent: Message[] = [];
    for (const text of awkwardTexts.slice(-6)) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.messages,
        headers,
        payload: { content: text },
      });
      expect(response.statusCode, response.body).toBe(201);
      sent.push(response.json<{ data: Message }>().data);
    }
    const read = sent[2];
    if (!read) throw new Error('no message to read');
    const marked = await t.app.inject({
      method: 'PATCH',
      url: buildPath(apiPaths.messageRead, { id: read.id }),
      headers: reader.headers,
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const inbox = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.messages}?limit=4`,
      headers: reader.headers,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const first = messageListResponseSchema.strict().parse(inbox.json());
    const newest = [...sent].reverse();
    expect(first.data).toEqual(
      newest.slice(0, 4).map((message) => ({ ...message, is_read: message.id === read.id })),
    );
    expect(first.unread_count).toBeGreaterThanOrEqual(sent.length - 1);
    expect(first.next_cursor).not.toBeNull();

    const rest = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.messages}?limit=2&cursor=${first.next_cursor}`,
      headers: reader.headers,
    });
    const second = messageListResponseSchema.strict().parse(rest.json());
    expect(second.data).toEqual(
      newest.slice(4, 6).map((message) => ({ ...message, is_read: message.id === read.id })),
    );
  });
});
