import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, IMPORT_MAX_ROWS, LIST_LIMIT_MAX } from '@um/contract';
import type { ApiDocument } from '../src/test/api-document.js';
import { generate } from 'otplib';
import { startGoogleKeys, type GoogleKeys } from '../src/test/google.js';
import { softAuthenticator } from '../src/test/webauthn.js';
import { signInAtProvider, startOidcProvider } from '../../e2e/support/oidc-provider.mjs';
import {
  lintDocument,
  mailCount,
  mailTo,
  origins,
  startPrism,
  startServer,
  tempDir,
  type Running,
} from './support/processes.js';
import { Walk, type Answer } from './support/walk.js';

/**
 * The API document checked by tools nobody here wrote (docs/api.md, "The API document"):
 * Redocly lints it, then Stoplight Prism's validating proxy stands in front of the built server
 * while a walk sends every operation of the document good and bad requests. Any request or
 * answer the document does not describe fails the walk, and so does an operation left unwalked.
 */

/** Low limits, so that every rate limit can be reached; windows outlast the walk. */
const limits = {
  RATE_LIMIT_LOGIN_PER_IP: '30/600',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3/600',
  RATE_LIMIT_MAIL_PER_ADDRESS: '3/600',
  RATE_LIMIT_MAIL_PER_IP: '50/600',
  RATE_LIMIT_REGISTER_PER_IP: '8/600',
  RATE_LIMIT_RESET_PER_IP: '5/600',
};

const PASSWORD = 'a long enough password';

let dataDir: string;
let google: GoogleKeys;
let oidcProvider: { issuer: string; close(): Promise<void> };
const oidcClient = { clientId: 'user-management', clientSecret: 'an api check client secret' };
let server: Running;
let prism: Running | undefined;
let documentFile: string;
let walk: Walk;

beforeAll(async () => {
  dataDir = tempDir();
  google = await startGoogleKeys();
  oidcProvider = await startOidcProvider({
    ...oidcClient,
    redirectUri: `${origins.prism}/login/oidc`,
  });
  server = await startServer(dataDir, {
    OIDC_ISSUER: oidcProvider.issuer,
    OIDC_CLIENT_ID: oidcClient.clientId,
    OIDC_CLIENT_SECRET: oidcClient.clientSecret,
    OIDC_NAME: 'Microsoft',
    // Prism is the public origin: e-mailed links point at it.
    APP_URL: origins.prism,
    SIGNUP_ALLOWED_DOMAINS: 'school.test',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    ...limits,
  });
  const document = (await (await fetch(`${origins.server}/docs/json`)).json()) as ApiDocument;
  documentFile = join(dataDir, 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(document, null, 2));
  walk = new Walk(document);
  prism = await startPrism(documentFile);
}, 120_000);

afterAll(async () => {
  await prism?.stop();
  await server?.stop();
  await google?.close();
  await oidcProvider?.close();
});

describe('the API document', () => {
  it('passes Redocly lint with the project config, with no error and no warning', async () => {
    const report = await lintDocument(documentFile);
    expect(
      report.problems.map(
        (problem) =>
          `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
      ),
    ).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

describe("a walk of every operation through Prism's validating proxy", () => {
  const staff = { email: 'meera@school.test', password: PASSWORD, access: '', refresh: '' };
  let colleague = '';
  const ids = {
    roses: 0,
    lilies: 0,
    students: [] as { id: number; version: number }[],
    importId: '',
  };
  const signedIn = () => staff.access;

  async function logIn(password = staff.password) {
    const answer = await walk.send('login', { body: { email: staff.email, password } }, 200);
    Object.assign(staff, answer.json.token, { password });
  }

  it('answers the public operations: health, readiness and the web app settings', async () => {
    await walk.send('getHealth', {}, 200);
    await walk.send('getReadiness', {}, 200);
    const config = await walk.send('getClientConfig', {}, 200);
    expect(config.json.google_client_id).toBe(google.clientId);
  });

  it('signs up with the code from the outbox, logs in, refreshes and reads the profile', async () => {
    const { email } = staff;
    await walk.send('sendSignupCode', { body: { email } }, 200);
    const code = /\b(\d{6})\b/.exec(await mailTo(dataDir, email))![1]!;
    // Asked again within the minute: told a code was just sent, and nothing is mailed.
    await walk.send('sendSignupCode', { body: { email } }, 429);
    await walk.send('sendSignupCode', { body: { email: 'someone@elsewhere.test' } }, 403);

    const registration = {
      name: 'Meera Iyer',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      otp: code,
    };
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await walk.send('register', { body: { ...registration, otp: wrongCode } }, 400);
    await walk.send(
      'register',
      { body: { ...registration, password2: 'another long password' } },
      400,
    );
    await walk.send('register', { body: registration }, 201);

    await walk.send('login', { body: { email, password: 'not the password' } }, 401);
    await logIn();
    const refreshed = await walk.send('refreshToken', { body: { refresh: staff.refresh } }, 200);
    Object.assign(staff, refreshed.json);
    await walk.send('refreshToken', { body: { refresh: randomUUID() } }, 401);
    const profile = await walk.send('getProfile', { token: signedIn() }, 200);
    expect(profile.json).toMatchObject({ email, name: 'Meera Iyer' });
  });

  it('changes the password, and resets it with the link from the outbox', async () => {
    const changed = 'a changed long password';
    await walk.send(
      'changePassword',
      {
        token: signedIn(),
        body: { current_password: 'not the password', password: changed, password2: changed },
      },
      400,
    );
    const answer = await walk.send(
      'changePassword',
      {
        token: signedIn(),
        body: { current_password: staff.password, password: changed, password2: changed },
      },
      200,
    );
    Object.assign(staff, answer.json.token, { password: changed });

    const mailsBefore = mailCount(dataDir, staff.email);
    await walk.send('sendPasswordResetEmail', { body: { email: staff.email } }, 200);
    const mail = await mailTo(dataDir, staff.email, mailsBefore);
    const [, id, token] = new RegExp(`${origins.prism}/reset-password/([^/\\s]+)/([^/\\s]+)`).exec(
      mail,
    )!;
    const reset = 'a reset long password';
    const body = { password: reset, password2: reset };
    await walk.send('resetPassword', { params: { id: 'MQ', token: 'not-the-token' }, body }, 400);
    await walk.send('resetPassword', { params: { id: id!, token: token! }, body }, 200);
    await logIn(reset);
  });

  const googleToken = (email: string) =>
    google.sign({ email, name: 'Ravi Kumar', sub: `google-${email}` });

  it('signs up and logs in with a Google ID token', async () => {
    const token = await googleToken('ravi@school.test');
    await walk.send('loginWithGoogle', { body: { token } }, 404);
    const created = await walk.send('registerWithGoogle', { body: { token } }, 201);
    colleague = created.json.token.access;
    await walk.send('registerWithGoogle', { body: { token } }, 200);
    await walk.send('loginWithGoogle', { body: { token } }, 200);
    const forged = await google.sign({ email: 'ravi@school.test' }, 'wrong-key');
    await walk.send('loginWithGoogle', { body: { token: forged } }, 401);
    const outsider = await google.sign({ email: 'visitor@elsewhere.test' });
    await walk.send('registerWithGoogle', { body: { token: outsider } }, 403);
  });

  it('adds, pages, reads, edits and deletes standards, with their conflicts', async () => {
    const token = signedIn();
    const roses = await walk.send(
      'createStandard',
      { token, body: { name: 'Grade 5 Roses', grade_level: 5, description: 'Room 12' } },
      201,
    );
    ids.roses = roses.json.data.id;
    const lilies = await walk.send(
      'createStandard',
      { token, body: { name: 'Grade 6 Lilies', grade_level: 6 } },
      201,
    );
    ids.lilies = lilies.json.data.id;
    await walk.send(
      'createStandard',
      { token, body: { name: 'Grade 5 Roses', grade_level: 5 } },
      409,
    );

    const first = await walk.send('listStandards', { token, query: { limit: 1 } }, 200);
    expect(first.json.data).toHaveLength(1);
    await walk.send(
      'listStandards',
      { token, query: { limit: 1, cursor: first.json.next_cursor } },
      200,
    );
    await walk.send('listStandards', { token, query: { cursor: 'not a cursor' } }, 400);

    await walk.send('getStandard', { token, params: { id: ids.roses } }, 200);
    await walk.send('getStandard', { token, params: { id: ID_MAX } }, 404);

    const version = roses.json.data.version as number;
    const edit = { name: 'Grade 5 Roses', grade_level: 5, description: 'Room 14' };
    const params = { id: ids.roses };
    await walk.send('updateStandard', { token, params, body: { ...edit, version } }, 200);
    const conflict = await walk.send(
      'updateStandard',
      { token, params, body: { ...edit, version } },
      409,
    );
    expect(conflict.json.current.description).toBe('Room 14');
    await walk.send('updateStandard', { token, params: { id: ID_MAX }, body: edit }, 404);

    const spare = await walk.send(
      'createStandard',
      { token, body: { name: 'Grade 7 Spare', grade_level: 7 } },
      201,
    );
    await walk.send('deleteStandard', { token, params: { id: spare.json.data.id } }, 204);
    await walk.send('deleteStandard', { token, params: { id: spare.json.data.id } }, 404);
  });

  it('adds, lists, pages, searches, counts, reads, edits and deletes students', async () => {
    const token = signedIn();
    const student = (name: string, roll_number: string) => ({
      name,
      email: `${roll_number}@pupils.test`,
      roll_number,
      standard: ids.roses,
      phone_number: '+91 98765 43210',
      address: '12 Park Street',
    });
    for (const [name, roll] of [
      ['Aarav Patel', '1'],
      ['Asha Rao', '2'],
      ['Kabir Singh', '3'],
    ] as const) {
      const created = await walk.send('createStudent', { token, body: student(name, roll) }, 201);
      ids.students.push({ id: created.json.data.id, version: created.json.data.version });
    }
    await walk.send('createStudent', { token, body: student('Another One', '1') }, 409);
    await walk.send(
      'createStudent',
      { token, body: { ...student('Lost Pupil', '9'), standard: ID_MAX } },
      400,
    );
    // The student record: a leaver with an admission number, a birth date and a guardian.
    const record = {
      ...student('Zoë Leaver', '4'),
      email: '',
      admission_number: 'ADM-1',
      date_of_birth: '2014-03-09',
      status: 'left',
      left_on: '2026-06-30',
      guardians: [
        {
          name: 'Meera Rao',
          relation: 'Mother',
          phone: '+91 98450 12345',
          email: '',
          primary: true,
        },
      ],
    };
    await walk.send('createStudent', { token, body: record }, 201);
    await walk.send('createStudent', { token, body: { ...record, roll_number: '5' } }, 409);
    await walk.send(
      'createStudent',
      { token, body: { ...record, admission_number: '', date_of_birth: '2999-01-01' } },
      400,
    );

    const query = { standard: ids.roses, sort: 'roll_number', limit: 2 };
    const first = await walk.send('listStudents', { token, query }, 200);
    expect(first.json.data.map((one: { roll_number: string }) => one.roll_number)).toEqual([
      '1',
      '2',
    ]);
    const second = await walk.send(
      'listStudents',
      { token, query: { ...query, cursor: first.json.next_cursor } },
      200,
    );
    expect(second.json.next_cursor).toBeNull();
    const found = await walk.send('listStudents', { token, query: { q: 'patel aarav' } }, 200);
    expect(found.json.data).toHaveLength(1);
    await walk.send('listStudents', { token, query: { cursor: 'not a cursor' } }, 400);
    const leavers = await walk.send(
      'listStudents',
      { token, query: { status: 'left', q: '98450-12345' } },
      200,
    );
    expect(leavers.json.data).toHaveLength(1);

    const counted = await walk.send(
      'countStudents',
      { token, query: { standard: ids.roses } },
      200,
    );
    expect(counted.json.data.count).toBe(3);
    await walk.send('countStudents', { token, query: { q: 'nul \u0000 in a search' } }, 400);

    const [aarav, asha, kabir] = ids.students as [
      { id: number; version: number },
      { id: number; version: number },
      { id: number; version: number },
    ];
    await walk.send('getStudent', { token, params: { id: aarav.id } }, 200);
    await walk.send('getStudent', { token, params: { id: ID_MAX } }, 404);

    const edit = { ...student('Aarav Patel', '1'), id: aarav.id, address: '14 Park Street' };
    await walk.send('updateStudent', { token, body: { ...edit, version: aarav.version } }, 200);
    await walk.send('updateStudent', { token, body: { ...edit, version: aarav.version } }, 409);
    await walk.send('updateStudent', { token, body: { ...edit, id: ID_MAX } }, 404);

    await walk.send('deleteStandard', { token, params: { id: ids.roses } }, 409);
    await walk.send('deleteStudent', { token, body: { id: kabir.id } }, 204);
    await walk.send('deleteStudent', { token, query: { id: kabir.id } }, 404);
    await walk.send(
      'deleteStudent',
      { token, query: { id: asha.id }, body: { id: aarav.id } },
      400,
    );
  });

  it("keeps each record's history, and a bin from which records come back unless a rule is in the way", async () => {
    const token = signedIn();
    const [aarav, asha, kabir] = ids.students as { id: number }[] as [
      { id: number },
      { id: number },
      { id: number },
    ];
    const history = await walk.send(
      'listStudentHistory',
      { token, params: { id: aarav.id }, query: { limit: 1 } },
      200,
    );
    expect(history.json.data[0].action).toBe('update');
    await walk.send('listStudentHistory', { token, params: { id: ID_MAX } }, 404);
    await walk.send('listStandardHistory', { token, params: { id: ids.roses } }, 200);
    await walk.send('listStandardHistory', { token, params: { id: ID_MAX } }, 404);

    const bin = await walk.send('listDeleted', { token, query: { limit: 10 } }, 200);
    expect(bin.json.data.map((entry: { id: number }) => entry.id)).toContain(kabir.id);
    await walk.send('listDeleted', { token, query: { cursor: 'not a cursor' } }, 400);

    await walk.send('restoreStudent', { token, params: { id: kabir.id } }, 200);
    await walk.send('restoreStudent', { token, params: { id: kabir.id } }, 404);
    // Asha's roll number is taken while she is in the bin: she cannot come back.
    await walk.send('deleteStudent', { token, body: { id: asha.id } }, 204);
    await walk.send(
      'createStudent',
      {
        token,
        body: { name: 'Dev Shah', email: 'dev@pupils.test', roll_number: '2', standard: ids.roses },
      },
      201,
    );
    await walk.send('restoreStudent', { token, params: { id: asha.id } }, 409);
    const found = await walk.send('listDeleted', { token, query: { q: 'rao ASHA' } }, 200);
    expect(found.json.data[0]).toMatchObject({ id: asha.id, roll_number: '2' });
    await walk.refusedByDocument('listDeleted', { token, query: { q: 'x'.repeat(101) } });
    // Under another roll number she can.
    const again = { id: asha.id };
    await walk.send('restoreStudent', { token, params: again, body: { roll_number: '2' } }, 409);
    await walk.send('restoreStudent', { token, params: again, body: { roll_number: ' ' } }, 400);
    await walk.send('restoreStudent', { token, params: again, body: { roll_number: '2B' } }, 200);
    await walk.send('deleteStudent', { token, body: { id: asha.id } }, 204);
    // An erasure request: she leaves the bin at once, with no personal data behind.
    await walk.send('eraseStudent', { token, params: { id: asha.id } }, 204);
    await walk.send('eraseStudent', { token, params: { id: asha.id } }, 404);

    const old = await walk.send(
      'createStandard',
      { token, body: { name: 'Grade 8 Old', grade_level: 8 } },
      201,
    );
    const params = { id: old.json.data.id };
    await walk.send('deleteStandard', { token, params }, 204);
    await walk.send('restoreStandard', { token, params }, 200);
    await walk.send('restoreStandard', { token, params }, 404);
    // A standard in the bin keeps its name.
    await walk.send('deleteStandard', { token, params }, 204);
    const sameName = { name: 'Grade 8 Old', grade_level: 8 };
    await walk.send('createStandard', { token, body: sameName }, 409);
    await walk.send('restoreStandard', { token, params }, 200);
  });

  it('imports a CSV file (a dry run, a commit, refused files), undoes it, and exports CSV', async () => {
    const token = signedIn();
    const header = 'name,email,roll_number,standard,phone_number,address';
    const file = (...rows: string[]) => ({
      body: [header, ...rows].join('\r\n') + '\r\n',
      type: 'text/csv',
    });
    const good = file(
      'Ishaan Gupta,ishaan@pupils.test,L1,Grade 6 Lilies,,',
      'Zara Khan,zara@pupils.test,L2,Grade 6 Lilies,+91 90000 00000,3 Lake Road',
    );
    const dry = await walk.send(
      'importStudents',
      { token, query: { dry_run: 'true' }, raw: good },
      200,
    );
    expect(dry.json.data).toMatchObject({ dry_run: true, created: 2, errors: [] });
    const committed = await walk.send('importStudents', { token, raw: good }, 200);
    ids.importId = committed.json.data.import_id;
    const last = await walk.send('getLastImport', { token }, 200);
    expect(last.json.data).toMatchObject({ import_id: ids.importId, students: 2, undone: false });

    const refused = await walk.send(
      'importStudents',
      { token, raw: file('Nobody,not-an-email,L3,Grade 6 Lilies,,') },
      422,
    );
    expect(refused.json.data.errors[0]).toMatchObject({ row: 2, field: 'email' });
    await walk.send(
      'importStudents',
      { token, query: { dry_run: 'true' }, raw: { body: 'name,email\r\n', type: 'text/csv' } },
      400,
    );
    const newClass = file('Kabir Das,kabir@pupils.test,N1,Grade 6 Irises,,');
    const missing = await walk.send(
      'importStudents',
      { token, query: { dry_run: 'true' }, raw: newClass },
      200,
    );
    expect(missing.json.data).toMatchObject({ missing_standards: ['Grade 6 Irises'] });
    const create_standards = JSON.stringify([{ name: 'Grade 6 Irises', grade_level: 6 }]);
    const withClass = await walk.send(
      'importStudents',
      { token, query: { create_standards }, raw: newClass },
      200,
    );
    expect(withClass.json.data).toMatchObject({ created: 1, created_standards: 1 });
    await walk.send(
      'undoImport',
      { token, params: { import_id: withClass.json.data.import_id } },
      200,
    );
    const skipped = await walk.send(
      'importStudents',
      {
        token,
        query: { skip_invalid: 'true' },
        raw: file(
          'Nobody,not-an-email,L4,Grade 6 Lilies,,',
          'Mira Sen,mira@pupils.test,L5,Grade 6 Lilies,,',
        ),
      },
      200,
    );
    expect(skipped.json.data).toMatchObject({ created: 1, skipped: 1 });
    await walk.send(
      'undoImport',
      { token, params: { import_id: skipped.json.data.import_id } },
      200,
    );
    await walk.send(
      'importStudents',
      { token, query: { create_standards: 'not json' }, raw: newClass },
      400,
    );
    const rows = `${header}\r\n${'a,b@pupils.test,1,Grade 6 Lilies,,\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    await walk.send('importStudents', { token, raw: { body: rows, type: 'text/csv' } }, 413);

    const undone = await walk.send(
      'undoImport',
      { token, params: { import_id: ids.importId } },
      200,
    );
    expect(undone.json.data).toMatchObject({ removed: 2, reverted: 0 });
    await walk.send('undoImport', { token, params: { import_id: ids.importId } }, 409);
    await walk.send('undoImport', { token, params: { import_id: randomUUID() } }, 404);
    expect((await walk.send('getLastImport', { token }, 200)).json.data.undone).toBe(true);

    const exported = await walk.send(
      'exportStudents',
      { token, query: { standard: ids.roses } },
      200,
    );
    expect(exported.text.split('\r\n')[0]).toContain(header);
    await walk.send('exportStudents', { token, query: { q: 'nul \u0000 in a search' } }, 400);
  });

  it('moves and deletes students in bulk, lists the batches and undoes them', async () => {
    const token = signedIn();
    const made: number[] = [];
    for (const roll of ['B1', 'B2']) {
      const created = await walk.send(
        'createStudent',
        {
          token,
          body: {
            name: `Bulk ${roll}`,
            email: `bulk-${roll.toLowerCase()}@pupils.test`,
            roll_number: roll,
            standard: ids.roses,
          },
        },
        201,
      );
      made.push(created.json.data.id);
    }
    const moved = await walk.send(
      'changeStudentsInBulk',
      { token, body: { action: 'move', ids: made, standard: ids.lilies } },
      200,
    );
    expect(moved.json.data).toMatchObject({ count: 2 });
    await walk.send(
      'changeStudentsInBulk',
      { token, body: { action: 'delete', ids: [made[0], 2_000_000_000] } },
      422,
    );
    await walk.send(
      'changeStudentsInBulk',
      { token, body: { action: 'delete', ids: [made[0], made[0]] } },
      400,
    );
    await walk.refusedByDocument('changeStudentsInBulk', {
      token,
      body: { action: 'move', ids: [], standard: ids.lilies },
    });
    const batches = await walk.send('listBatches', { token, query: { limit: 1 } }, 200);
    expect(batches.json.data[0]).toMatchObject({ batch_id: moved.json.data.batch_id });
    await walk.send('listBatches', { token, query: { cursor: 'not a cursor' } }, 400);
    const batch_id = moved.json.data.batch_id;
    await walk.send('undoBatch', { token, params: { batch_id } }, 200);
    await walk.send('undoBatch', { token, params: { batch_id } }, 409);
    await walk.send('undoBatch', { token, params: { batch_id: randomUUID() } }, 404);
    const deleted = await walk.send(
      'changeStudentsInBulk',
      { token, body: { action: 'delete', ids: made } },
      200,
    );
    await walk.send('undoBatch', { token, params: { batch_id: deleted.json.data.batch_id } }, 200);
    const left = await walk.send(
      'changeStudentsInBulk',
      { token, body: { action: 'set_status', ids: made, status: 'left', left_on: '2026-07-15' } },
      200,
    );
    await walk.send('undoBatch', { token, params: { batch_id: left.json.data.batch_id } }, 200);
  });

  it('previews, runs and undoes the end of a year, and lists one year’s standards', async () => {
    const token = signedIn();
    const standard = async (name: string, academic_year: string) =>
      (
        await walk.send(
          'createStandard',
          { token, body: { name, grade_level: 6, academic_year } },
          201,
        )
      ).json.data.id as number;
    const sixth = await standard('Sixth', '2090');
    await walk.send(
      'createStudent',
      {
        token,
        body: { name: 'Year End', email: '', roll_number: 'Y1', standard: sixth },
      },
      201,
    );
    const body = {
      from_year: '2090',
      to_year: '2091',
      moves: [{ from_standard: sixth, to_new: { name: 'Seventh', grade_level: 7 } }],
    };
    const preview = await walk.send('runYearEnd', { token, query: { dry_run: 'true' }, body }, 200);
    expect(preview.json.data.standards[0]).toMatchObject({ moved: 1, to_standard: { id: null } });
    const ran = await walk.send('runYearEnd', { token, body }, 200);
    const year = await walk.send('listStandards', { token, query: { academic_year: '2091' } }, 200);
    expect(year.json.data.map((one: { name: string }) => one.name)).toEqual(['Seventh']);
    await walk.send('runYearEnd', { token, body: { ...body, from_year: '2091' } }, 400);
    const occupied = await standard('Occupied', '2091');
    for (const standardId of [sixth, occupied]) {
      await walk.send(
        'createStudent',
        {
          token,
          body: { name: 'Same Roll', email: '', roll_number: 'Y9', standard: standardId },
        },
        201,
      );
    }
    await walk.send(
      'runYearEnd',
      { token, body: { ...body, moves: [{ from_standard: sixth, to_standard: occupied }] } },
      422,
    );
    await walk.refusedByDocument('runYearEnd', { token, body: { ...body, moves: [] } });
    await walk.refusedByDocument('listStandards', { token, query: { academic_year: '26' } });
    await walk.send('undoBatch', { token, params: { batch_id: ran.json.data.batch_id } }, 200);
  });

  it('posts, lists, searches, reads, removes and restores messages', async () => {
    const token = signedIn();
    const first = await walk.send(
      'postMessage',
      { token: colleague, body: { content: 'The staff meeting moves to Friday.' } },
      201,
    );
    await walk.send(
      'postMessage',
      { token: colleague, body: { content: 'Lunch is served.' } },
      201,
    );
    await walk.send('postMessage', { token, body: { content: '   ' } }, 400);

    const page = await walk.send('listMessages', { token, query: { limit: 1 } }, 200);
    expect(page.json.unread_count).toBe(2);
    await walk.send('listMessages', { token, query: { cursor: page.json.next_cursor } }, 200);
    await walk.send('listMessages', { token, query: { cursor: 'not a cursor' } }, 400);
    const found = await walk.send('listMessages', { token, query: { q: 'friday STAFF' } }, 200);
    expect(found.json.data).toHaveLength(1);
    await walk.refusedByDocument('listMessages', { token, query: { q: 'x'.repeat(101) } });

    const params = { id: first.json.data.id };
    const read = await walk.send('markMessageRead', { token, params }, 200);
    expect(read.json.data.is_read).toBe(true);
    await walk.send('markMessageRead', { token, params, body: {} }, 200);
    await walk.send('markMessageRead', { token, params: { id: ID_MAX } }, 404);
    await walk.send('deleteMessage', { token, params }, 204);
    await walk.send('deleteMessage', { token, params }, 404);
    const back = await walk.send('restoreMessage', { token, params }, 200);
    expect(back.json.data.is_read).toBe(true);
    await walk.send('restoreMessage', { token, params }, 404);
  });

  it('manages staff: the list, roles and status, history, activity and invitations', async () => {
    const token = signedIn();
    const first = await walk.send('listStaff', { token, query: { limit: 1 } }, 200);
    await walk.send('listStaff', { token, query: { cursor: first.json.next_cursor } }, 200);
    await walk.send('listStaff', { token, query: { cursor: 'not a cursor' } }, 400);
    await walk.send('listStaff', { token: colleague }, 403);
    const me = (await walk.send('listStaff', { token, query: { q: 'meera' } }, 200)).json.data[0];
    const ravi = (
      await walk.send('listStaff', { token, query: { q: 'ravi', status: 'active' } }, 200)
    ).json.data[0];
    expect(me.role).toBe('admin');

    const raviParams = { id: ravi.id as number };
    await walk.send(
      'updateStaffMember',
      { token, params: raviParams, body: { role: 'viewer' } },
      200,
    );
    await walk.send(
      'createStandard',
      { token: colleague, body: { name: 'Grade 9 Viewer', grade_level: 9 } },
      403,
    );
    await walk.send(
      'updateStaffMember',
      { token, params: { id: me.id }, body: { role: 'staff' } },
      409,
    );
    await walk.send(
      'updateStaffMember',
      { token, params: { id: ID_MAX }, body: { role: 'staff' } },
      404,
    );
    await walk.send('updateStaffMember', { token, params: raviParams, body: {} }, 400);
    await walk.send(
      'updateStaffMember',
      { token, params: raviParams, body: { status: 'deactivated' } },
      200,
    );
    const google = await googleToken('ravi@school.test');
    const refused = await walk.send('loginWithGoogle', { body: { token: google } }, 403);
    expect(refused.json.detail).toBe(
      "This account has been deactivated. Ask your school's administrator.",
    );
    await walk.send(
      'updateStaffMember',
      { token, params: raviParams, body: { role: 'staff', status: 'active' } },
      200,
    );
    colleague = (await walk.send('loginWithGoogle', { body: { token: google } }, 200)).json.token
      .access;

    const history = await walk.send('listUserHistory', { token, params: raviParams }, 200);
    expect(history.json.data[0].changes.status).toEqual({ from: 'deactivated', to: 'active' });
    await walk.send('listUserHistory', { token, params: { id: ID_MAX } }, 404);
    await walk.send(
      'listStaffMemberActivity',
      { token, params: raviParams, query: { limit: 2 } },
      200,
    );
    await walk.send('listStaffMemberActivity', { token, params: { id: ID_MAX } }, 404);

    const email = 'priya@elsewhere.test';
    const invited = await walk.send(
      'inviteStaffMember',
      { token, body: { email, role: 'viewer' } },
      201,
    );
    await walk.send(
      'inviteStaffMember',
      { token, body: { email: staff.email, role: 'staff' } },
      409,
    );
    await walk.refusedByDocument('inviteStaffMember', { token, body: { email, role: 'owner' } });
    const pending = await walk.send('listInvitations', { token }, 200);
    expect(pending.json.data[0].id).toBe(invited.json.data.id);
    await walk.send('listInvitations', { token: colleague }, 403);
    const link = new RegExp(`${origins.prism}/register\\?invite=([A-Za-z0-9_-]+)`).exec(
      await mailTo(dataDir, email),
    )!;
    const joining = {
      name: 'Priya Nair',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      invite: link[1]!,
    };
    const shownEmail = await walk.send('readInvitationEmail', { body: { invite: link[1]! } }, 200);
    expect(shownEmail.json.data.email).toBe(email);
    await walk.send('register', { body: joining }, 201);
    await walk.send('register', { body: joining }, 400);
    await walk.send('readInvitationEmail', { body: { invite: link[1]! } }, 404);

    const withdrawn = await walk.send(
      'inviteStaffMember',
      { token, body: { email: 'late@school.test', role: 'staff' } },
      201,
    );
    await walk.send('withdrawInvitation', { token, params: { id: withdrawn.json.data.id } }, 204);
    await walk.send('withdrawInvitation', { token, params: { id: withdrawn.json.data.id } }, 404);
  });

  it('shares rosters: teachers of a standard, the OneRoster zip, API clients and their tokens, the REST API and who received what', async () => {
    const token = signedIn();
    const choices = await walk.send('listTeacherChoices', { token }, 200);
    const teacher = choices.json.data[0].id as number;
    await walk.send(
      'updateStandard',
      {
        token,
        params: { id: ids.roses },
        body: { name: 'Grade 5 Roses', grade_level: 5, teacher_ids: [teacher] },
      },
      200,
    );
    await walk.send('exportOneRoster', { token }, 200);
    await walk.send('exportOneRoster', { token, query: { since: '2020-01-01T00:00:00Z' } }, 200);
    await walk.refusedByDocument('exportOneRoster', { token, query: { since: 'yesterday' } });
    await walk.send('exportOneRoster', { token: colleague }, 403);

    const created = await walk.send(
      'createApiClient',
      { token, body: { name: 'Reading app' } },
      201,
    );
    await walk.send('createApiClient', { token, body: { name: '   ' } }, 400);
    await walk.send('createApiClient', { token: colleague, body: { name: 'Mine' } }, 403);
    await walk.send('listApiClients', { token }, 200);
    await walk.send('listApiClients', { token: colleague }, 403);
    const { client_id, client_secret } = created.json.data as {
      client_id: string;
      client_secret: string;
    };
    const form = (params: Record<string, string>) => ({
      raw: {
        body: new URLSearchParams(params).toString(),
        type: 'application/x-www-form-urlencoded',
      },
    });
    const grant = { grant_type: 'client_credentials' };
    await walk.send(
      'getClientToken',
      { ...form({ ...grant, client_id, client_secret: 'wrong' }) },
      401,
    );
    await walk.send(
      'getClientToken',
      { ...form({ grant_type: 'password', client_id, client_secret }) },
      400,
    );
    await walk.send(
      'getClientToken',
      {
        ...form(grant),
        headers: {
          authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}`,
        },
      },
      200,
    );
    const issued = await walk.send(
      'getClientToken',
      form({ ...grant, client_id, client_secret }),
      200,
    );
    const client = issued.json.access_token as string;

    const collections: [string, string, string][] = [
      ['getAllOrgs', 'getOrg', 'orgs'],
      ['getAllSchools', 'getSchool', 'orgs'],
      ['getAllAcademicSessions', 'getAcademicSession', 'academicSessions'],
      ['getAllCourses', 'getCourse', 'courses'],
      ['getAllClasses', 'getClass', 'classes'],
      ['getAllUsers', 'getUser', 'users'],
      ['getAllStudents', 'getStudentUser', 'users'],
      ['getAllTeachers', 'getTeacher', 'users'],
      ['getAllEnrollments', 'getEnrollment', 'enrollments'],
    ];
    for (const [many, one, wrapper] of collections) {
      const page = await walk.send(
        many,
        { token: client, query: { limit: '2', sort: 'sourcedId' } },
        200,
      );
      expect(page.headers.get('x-total-count')).toMatch(/^\d+$/);
      await walk.send(many, { token: client, query: { filter: "nothing='1'" } }, 400);
      const sourcedId = page.json[wrapper][0].sourcedId as string;
      await walk.send(
        one,
        { token: client, params: { sourcedId }, query: { fields: 'sourcedId' } },
        200,
      );
      await walk.send(one, { token: client, params: { sourcedId: 'no-such-record' } }, 404);
    }
    await walk.send(
      'getAllUsers',
      {
        token: client,
        query: { filter: "dateLastModified>'2020-01-01T00:00:00Z'", fields: 'sourcedId,status' },
      },
      200,
    );

    const log = await walk.send('listRosterAccess', { token, query: { limit: 1 } }, 200);
    expect(log.json.data[0].actor.kind).toBe('client');
    await walk.send('listRosterAccess', { token, query: { cursor: log.json.next_cursor } }, 200);
    await walk.send('listRosterAccess', { token, query: { cursor: 'not a cursor' } }, 400);

    const clientParams = { id: created.json.data.id as number };
    await walk.send('revokeApiClient', { token, params: clientParams }, 204);
    await walk.send('revokeApiClient', { token, params: clientParams }, 404);
    await walk.send('getAllOrgs', { token: client }, 401);
  });

  it("lists the caller's devices and activity, and signs devices out", async () => {
    const token = signedIn();
    await walk.send('login', { body: { email: staff.email, password: staff.password } }, 200);
    await walk.send('login', { body: { email: staff.email, password: staff.password } }, 200);
    const sessions = await walk.send('listSessions', { token }, 200);
    const other = sessions.json.data.find((session: { current: boolean }) => !session.current);
    await walk.send('signOutSession', { token, params: { id: other.id } }, 204);
    await walk.send('signOutSession', { token, params: { id: other.id } }, 404);
    await walk.send('signOutOtherSessions', { token }, 204);
    const activity = await walk.send('listActivity', { token, query: { limit: 1 } }, 200);
    await walk.send('listActivity', { token, query: { cursor: activity.json.next_cursor } }, 200);
    await walk.send('listActivity', { token, query: { cursor: 'not a cursor' } }, 400);
  });

  it('streams events until the session logs out, and refuses a stream beyond the tenth', async () => {
    const token = signedIn();
    const session = { ...staff };
    const streamed = walk.send('streamEvents', { token }, 200);
    await sleep(500);
    await walk.send('postMessage', { token: colleague, body: { content: 'A new notice.' } }, 201);
    await sleep(300);
    await walk.send('logout', { body: { refresh: session.refresh } }, 204);
    const answer = await streamed;
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.text).toMatch(/^event: unread$/m);
    expect(answer.text).toMatch(/^event: changed$/m);
    await walk.send('logout', { body: { refresh: randomUUID() } }, 204);

    await logIn();
    const open = Array.from({ length: 10 }, () =>
      walk.send('streamEvents', { token: signedIn() }, 200),
    );
    await sleep(1_000);
    const refused = await walk.send('streamEvents', { token: signedIn() }, 429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await walk.send('logout', { body: { refresh: staff.refresh } }, 204);
    await Promise.all(open);
    await logIn();
  });

  it('signs in with a second step: an authenticator app, recovery codes, passkeys, required roles and a reset', async () => {
    const admin = signedIn();
    const email = 'anil@school.test';
    await walk.send('sendSignupCode', { body: { email } }, 200);
    const otp = /\b(\d{6})\b/.exec(await mailTo(dataDir, email))![1]!;
    const registration = { name: 'Anil Menon', email, password: PASSWORD, password2: PASSWORD };
    const joined = await walk.send('register', { body: { ...registration, tc: true, otp } }, 201);
    let token: string = joined.json.token.access;

    const status = await walk.send('getSecondStep', { token }, 200);
    expect(status.json.data).toMatchObject({ totp: false, passkeys: 0, has_password: true });
    await walk.send('confirmTotpSetup', { token, body: { code: '123456' } }, 409);
    const setup = await walk.send('beginTotpSetup', { token }, 200);
    const secret: string = setup.json.secret;
    const code = await generate({ secret });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await walk.send('confirmTotpSetup', { token, body: { code: wrong } }, 400);
    const enabled = await walk.send('confirmTotpSetup', { token, body: { code } }, 200);
    const recovery: string[] = enabled.json.recovery_codes;
    await walk.send('beginTotpSetup', { token }, 409);

    const challenge = await walk.send('login', { body: { email, password: PASSWORD } }, 200);
    expect(challenge.json).toMatchObject({
      mfa_required: true,
      methods: ['totp', 'recovery_code'],
    });
    const mfa_token: string = challenge.json.mfa_token;
    await walk.send('answerSecondStep', { body: { mfa_token, code: wrong } }, 401);
    const passed = await walk.send(
      'answerSecondStep',
      { body: { mfa_token, recovery_code: recovery[0] } },
      200,
    );
    token = passed.json.token.access;
    await walk.send('renewRecoveryCodes', { token, body: { password: 'not the password' } }, 400);
    await walk.send('renewRecoveryCodes', { token, body: { password: PASSWORD } }, 200);

    const device = softAuthenticator(origins.prism);
    const options = await walk.send('getPasskeyRegistrationOptions', { token }, 200);
    const { passkey, response } = device.register(options.json.options);
    await walk.send('addPasskey', { token, body: { name: ' ', credential: response } }, 400);
    const added = await walk.send(
      'addPasskey',
      { token, body: { name: 'Office laptop', credential: response } },
      201,
    );
    const listed = await walk.send('listPasskeys', { token }, 200);
    expect(listed.json.data[0].name).toBe('Office laptop');
    const signInOptions = await walk.send('getPasskeySignInOptions', {}, 200);
    const credential = device.authenticate(passkey, signInOptions.json.options);
    await walk.send('signInWithPasskey', { body: { credential } }, 200);
    await walk.send('signInWithPasskey', { body: { credential } }, 401);
    const extra = device.register(
      (await walk.send('getPasskeyRegistrationOptions', { token }, 200)).json.options,
    );
    const second = await walk.send(
      'addPasskey',
      { token, body: { name: 'Phone', credential: extra.response } },
      201,
    );
    await walk.send('removePasskey', { token, params: { id: second.json.data.id } }, 204);
    await walk.send('removePasskey', { token, params: { id: second.json.data.id } }, 404);
    expect(added.json.data.id).toBeGreaterThan(0);
    await walk.send('disableTotp', { token, body: { password: 'not the password' } }, 400);
    await walk.send('disableTotp', { token, body: { password: PASSWORD } }, 204);

    const anil = (await walk.send('listStaff', { token: admin, query: { q: 'anil' } }, 200)).json
      .data[0];
    expect(anil.has_second_step).toBe(true);
    await walk.send('resetStaffMemberSecondStep', { token: admin, params: { id: anil.id } }, 204);
    await walk.send('resetStaffMemberSecondStep', { token: admin, params: { id: anil.id } }, 409);
    await walk.send('resetStaffMemberSecondStep', { token: admin, params: { id: ID_MAX } }, 404);

    const settings = await walk.send('getSecuritySettings', { token: admin }, 200);
    expect(settings.json.data).toMatchObject({ chosen: false, mfa_required_roles: [] });
    await walk.send('getSecuritySettings', { token: colleague }, 403);
    await walk.send(
      'updateSecuritySettings',
      { token: admin, body: { mfa_required_roles: ['viewer', 'viewer'] } },
      400,
    );
    await walk.send(
      'updateSecuritySettings',
      { token: admin, body: { mfa_required_roles: ['viewer'] } },
      200,
    );
    // Priya, who joined as a viewer, sets an app up right after her password.
    const priya = { email: 'priya@elsewhere.test', password: PASSWORD };
    const enrolment = await walk.send('login', { body: priya }, 200);
    expect(enrolment.json).toMatchObject({ enrolment_required: true });
    const enrolToken: string = enrolment.json.mfa_token;
    await walk.send('beginRequiredTotpSetup', { body: { mfa_token: 'not-a-token' } }, 401);
    const required = await walk.send(
      'beginRequiredTotpSetup',
      { body: { mfa_token: enrolToken } },
      200,
    );
    const first = await generate({ secret: required.json.secret });
    await walk.send(
      'confirmRequiredTotpSetup',
      { body: { mfa_token: 'not-a-token', code: first } },
      401,
    );
    const done = await walk.send(
      'confirmRequiredTotpSetup',
      { body: { mfa_token: enrolToken, code: first } },
      200,
    );
    expect(done.json.recovery_codes).toHaveLength(10);
    await walk.send(
      'updateSecuritySettings',
      { token: admin, body: { mfa_required_roles: [] } },
      200,
    );
  });

  it("signs in through the school's OpenID provider", async () => {
    const config = await walk.send('getClientConfig', {}, 200);
    expect(config.json.oidc_name).toBe('Microsoft');
    await walk.refusedByDocument('startOidcSignIn', { body: { intent: 'elsewhere' } });
    const { url } = (await walk.send('startOidcSignIn', { body: { intent: 'login' } }, 200)).json;
    const back = await signInAtProvider(url, staff.email, `${origins.prism}/login/oidc`);
    const answer = await walk.send('finishOidcSignIn', { body: back }, 200);
    expect(answer.json.token.access).toEqual(expect.any(String));
    await walk.send('finishOidcSignIn', { body: back }, 400);
    const newcomer = (await walk.send('startOidcSignIn', { body: { intent: 'register' } }, 200))
      .json.url;
    const joined = await signInAtProvider(
      newcomer,
      'sunita@school.test',
      `${origins.prism}/login/oidc`,
    );
    await walk.send('finishOidcSignIn', { body: joined }, 201);
  });

  it('refuses what the document refuses, as the server does: bounds, types, unknown fields, media types', async () => {
    const token = signedIn();
    await walk.refusedByDocument('listStudents', { token, query: { limit: 0 } });
    await walk.refusedByDocument('listStudents', { token, query: { limit: LIST_LIMIT_MAX + 1 } });
    await walk.refusedByDocument('listStudents', { token, query: { sort: 'age' } });
    await walk.refusedByDocument('getStudent', { token, params: { id: 0 } });
    await walk.refusedByDocument('getStandard', { token, params: { id: ID_MAX + 1 } });
    await walk.refusedByDocument('getStandard', { token, params: { id: 'seven' } });
    await walk.refusedByDocument('undoImport', { token, params: { import_id: 'not-a-uuid' } });
    await walk.refusedByDocument('undoBatch', { token, params: { batch_id: 'not-a-uuid' } });
    await walk.refusedByDocument('createStandard', {
      token,
      body: { name: 'Grade 13', grade_level: 13 },
    });
    await walk.refusedByDocument('createStandard', {
      token,
      body: { name: 'Grade 9', grade_level: 9, is_admin: true },
    });
    await walk.refusedByDocument('sendSignupCode', { body: {} });
    await walk.refusedByDocument('logout', { body: { refresh: '' } });
    await walk.refusedByDocument(
      'postMessage',
      { token, raw: { body: 'content=hello', type: 'application/x-www-form-urlencoded' } },
      415,
    );
    await walk.refusedByDocument(
      'importStudents',
      { token, raw: { body: '{"name":"Asha"}', type: 'application/json' } },
      415,
    );
    // Valid JSON the document allows, over the 100 kB a JSON body may hold.
    const padded = `{"content": "hello"${' '.repeat(110 * 1024)}}`;
    await walk.sendPastPrism(
      'postMessage',
      { token, raw: { body: padded, type: 'application/json' } },
      413,
    );
  });

  it('refuses a token that is not valid on every signed-in operation', async () => {
    await walk.replayWithoutValidToken();
  });

  it('answers 429 with Retry-After where a rate limit applies', async () => {
    const until429 = async (send: () => Promise<Answer>) => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const answer = await send();
        if (answer.status === 429) {
          expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
          return;
        }
      }
      throw new Error('no 429 after 40 requests');
    };
    const stranger = { email: 'stranger@school.test', password: 'not the password' };
    await until429(() => walk.send('login', { body: stranger }, [401, 429]));
    await until429(() => walk.send('getPasskeySignInOptions', {}, [200, 429]));
    await until429(() =>
      walk.send('sendSignupCode', { body: { email: 'often@school.test' } }, [200, 429]),
    );
    await until429(() =>
      walk.send('sendPasswordResetEmail', { body: { email: 'often@school.test' } }, [200, 429]),
    );
    const registration = {
      name: 'Often',
      email: 'often@school.test',
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      otp: '000000',
    };
    await until429(() => walk.send('register', { body: registration }, [400, 429]));
    const body = { password: PASSWORD, password2: PASSWORD };
    await until429(() =>
      walk.send('resetPassword', { params: { id: 'MQ', token: 'nothing' }, body }, [400, 429]),
    );
  });

  it('has walked every operation of the document, each to a success and to a refusal', () => {
    expect(walk.notWalked()).toEqual([]);
    expect(walk.counts.proxied).toBeGreaterThan(150);
  });
});
