import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@um/contract';
import { startSmtpCatcher, type SmtpCatcher } from '../src/test/smtp-catcher.js';
import { call, signUp, type Staff } from './support/api.js';
import { dialects, targetDatabase, type TargetDatabase } from './support/databases.js';
import {
  eventually,
  killAllChildren,
  startServer,
  type ServerProcess,
} from './support/processes.js';
import { report } from './support/report.js';

/**
 * kill -9 of the API process while writes stream in: no drain, no shutdown hook, requests cut
 * mid-way. After a restart on the same database, every write the server answered 2xx must be
 * there exactly as answered; a write that got no answer may be there or not, but never half.
 */

const ROUNDS = 2;
const WRITERS = 8;
/**
 * Writes a round has answered before the kill: the crash comes once the stream has done that
 * much, however long it took the host, rather than after a fixed time that a slow host fills
 * with fewer writes.
 */
const WRITES_PER_ROUND = 40;

interface StudentState {
  name: string;
  email: string;
  roll_number: string;
  standard: number;
  phone_number: string;
  address: string;
}

/** What the server has promised, and what it may or may not have done. */
class Ledger {
  /** Per student id: the state last acknowledged, and states sent without an answer since. */
  readonly students = new Map<number, { acknowledged: StudentState; maybe: StudentState[] }>();
  /** Students whose creation got no answer, by roll number. */
  readonly maybeStudents = new Map<string, StudentState>();
  readonly messages = new Map<number, string>();
  readonly maybeMessages = new Set<string>();
  acknowledgedWrites = 0;
  unanswered = 0;
}

function studentBody(standard: number, label: string, address = `${label} School Lane`) {
  return {
    name: `Student ${label}`,
    email: `${label}@pupils.test`,
    roll_number: label,
    standard,
    phone_number: '+1 555 0100',
    address,
  };
}

/** Writers creating students, posting messages and updating their own students, until stopped. */
function streamWrites(
  server: ServerProcess,
  staff: Staff,
  standard: number,
  ledger: Ledger,
  round: number,
) {
  let running = true;
  const writer = async (writerId: number) => {
    const mine: number[] = [];
    for (let step = 0; running; step += 1) {
      const label = `r${round}w${writerId}s${step}`;
      const kind = step % 3;
      try {
        if (kind === 0 || mine.length === 0) {
          const body = studentBody(standard, label);
          ledger.maybeStudents.set(body.roll_number, body);
          const answer = await call(server.origin, 'POST', apiPaths.updateStudents, {
            token: staff.access,
            body,
          });
          if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
          ledger.maybeStudents.delete(body.roll_number);
          ledger.students.set(answer.json.data.id, { acknowledged: body, maybe: [] });
          mine.push(answer.json.data.id);
        } else if (kind === 1) {
          const content = `message ${label} <b>bold</b> '; --`;
          ledger.maybeMessages.add(content);
          const answer = await call(server.origin, 'POST', apiPaths.messages, {
            token: staff.access,
            body: { content },
          });
          if (answer.status !== 201) throw new Error(`post answered ${answer.status}`);
          ledger.maybeMessages.delete(content);
          ledger.messages.set(answer.json.data.id, content);
        } else {
          const id = mine[step % mine.length]!;
          const entry = ledger.students.get(id)!;
          const body = studentBody(standard, entry.acknowledged.roll_number, `moved at ${label}`);
          entry.maybe.push(body);
          const answer = await call(server.origin, 'PUT', apiPaths.updateStudents, {
            token: staff.access,
            body: { ...body, id },
          });
          if (answer.status !== 200) throw new Error(`update answered ${answer.status}`);
          ledger.students.set(id, { acknowledged: body, maybe: [] });
        }
        ledger.acknowledgedWrites += 1;
      } catch (error) {
        // Only the crash may interrupt a write; anything else fails the test.
        if (running) throw error;
        ledger.unanswered += 1;
        return;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
  return {
    /** Marks the writers as interrupted, then waits for each to see its cut request. */
    async interrupted() {
      running = false;
      await Promise.all(writers);
    },
  };
}

const pick = (row: StudentState) => ({
  name: row.name,
  email: row.email,
  roll_number: row.roll_number,
  standard: row.standard,
  phone_number: row.phone_number,
  address: row.address,
});

describe.each(dialects)('kill -9 of the server while writes stream in, on %s', (dialect) => {
  let smtp: SmtpCatcher;
  let target: TargetDatabase;
  let server: ServerProcess;
  let staff: Staff;
  let standard: number;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    target = await targetDatabase(dialect);
    server = await startServer({
      databaseUrl: target.url,
      dataDir: target.dataDir,
      env: { SMTP_URL: smtp.url },
    });
    staff = await signUp(server.origin, smtp, `crash-${dialect}@school.test`);
    const created = await call(server.origin, 'POST', apiPaths.standards, {
      token: staff.access,
      body: { name: 'Grade crash', grade_level: 6 },
    });
    standard = created.json.data.id;
  });
  afterAll(async () => {
    await killAllChildren();
    await smtp?.close();
    await target?.drop();
  });

  it('keeps every write answered 2xx, intact, and starts cleanly on the database the crash left', async () => {
    const ledger = new Ledger();
    const restarts: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const stream = streamWrites(server, staff, standard, ledger, round);
      await eventually(
        `round ${round}: ${WRITES_PER_ROUND} writes answered`,
        async () => ledger.acknowledgedWrites >= round * WRITES_PER_ROUND,
      );
      const crashing = server.crash();
      await stream.interrupted();
      await crashing;

      const started = performance.now();
      server = await startServer({
        databaseUrl: target.url,
        dataDir: target.dataDir,
        port: server.port,
        env: server.env,
      });
      await eventually(
        'the restarted server is ready',
        async () => (await call(server.origin, 'GET', apiPaths.ready)).status === 200,
      );
      restarts.push(performance.now() - started);
      if (target.integrity) expect(await target.integrity()).toBe('ok');
    }

    const students = await target.rows<StudentState & { id: number; standard_id: number }>(
      'select id, name, email, roll_number, standard_id as standard, phone_number, address from students',
    );
    const stored = new Map(students.map((row) => [row.id, pick(row)]));
    for (const [id, entry] of ledger.students) {
      const row = stored.get(id);
      expect(row, `acknowledged student ${id}`).toBeDefined();
      expect([entry.acknowledged, ...entry.maybe].map(pick)).toContainEqual(row);
      const shown = await call(server.origin, 'GET', buildPath(apiPaths.student, { id }), {
        token: staff.access,
      });
      expect(pick(shown.json.data)).toEqual(row);
      stored.delete(id);
    }
    // What is left can only be creations that got no answer, stored whole.
    for (const row of stored.values()) {
      expect(ledger.maybeStudents.get(row.roll_number)).toEqual(row);
    }

    const messages = await target.rows<{ id: number; content: string }>(
      'select id, content from messages',
    );
    const contents = new Map(messages.map((row) => [row.id, row.content]));
    for (const [id, content] of ledger.messages) {
      expect(contents.get(id), `acknowledged message ${id}`).toBe(content);
      contents.delete(id);
    }
    for (const content of contents.values()) expect(ledger.maybeMessages).toContain(content);
    // A message exists only with its author's state row: the transaction is all or nothing.
    const orphans = await target.rows(
      'select m.id from messages m left join message_states s on s.message_id = m.id where s.message_id is null',
    );
    expect(orphans).toEqual([]);

    const after = await call(server.origin, 'POST', apiPaths.updateStudents, {
      token: staff.access,
      body: studentBody(standard, 'after-crash'),
    });
    expect(after.status, after.text).toBe(201);
    expect(after.json.data.id).toBeGreaterThan(Math.max(...ledger.students.keys()));

    report(`crash ${dialect}`, {
      rounds: ROUNDS,
      acknowledgedWrites: ledger.acknowledgedWrites,
      cutMidRequest: ledger.unanswered,
      restartToReadyMs: restarts.map(Math.round),
    });
  });
});
