import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { createTestDatabase, dialects, type TestDatabase } from '../test/harness.js';
import { insertStandard, insertUser } from '../test/factories.js';
import { HttpError, notFound } from '../http/problem.js';
import { listHistory } from './change-log.js';
import { standardRows } from '../repositories/standards.js';
import { versionedRecords } from './versioned.js';

const standards = versionedRecords({
  rows: standardRows,
  notFound: () => notFound('No such standard.'),
  changeOf: (actorId, action, before, after) => ({
    actorId,
    entity: 'standard',
    entityId: (after ?? before)?.id ?? 0,
    action,
    before: before && { name: before.name },
    after: after && { name: after.name },
  }),
  current: (_trx, row) => ({ id: row.id, name: row.name, version: row.version }),
});

/** The status and body of the problem `promise` is refused with. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, type: error.options.type, ...error.options.extensions };
  }
  throw new Error('the step was not refused');
}

describe.each(dialects)('the steps of a versioned record on %s', (dialect) => {
  let database: TestDatabase;
  let actorId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    actorId = (await insertUser(database.db)).id;
  });
  afterAll(() => database.destroy());

  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    database.db.transaction().execute(work);

  it('replaces the fields of the version edited, adds one to it and records the change', async () => {
    const standard = await insertStandard(database.db, { name: 'Versioned 1' });
    const after = await inTransaction((trx) =>
      standards.update(trx, dialect, { id: standard.id, version: 1, actorId }, async (before) => {
        expect(before.name).toBe('Versioned 1');
        return { name: 'Versioned 1b' };
      }),
    );
    expect(after).toMatchObject({ name: 'Versioned 1b', version: 2 });
    const history = await listHistory(database.db, 'standard', standard.id, { limit: 5 });
    expect(history.data.map((event) => [event.action, event.changes])).toEqual([
      ['update', { name: { from: 'Versioned 1', to: 'Versioned 1b' } }],
    ]);
  });

  it('refuses a save of another version with an edit conflict carrying the record as it is, and writes nothing', async () => {
    const standard = await insertStandard(database.db, { name: 'Versioned 2' });
    let asked = false;
    const refused = await refusal(
      inTransaction((trx) =>
        standards.update(trx, dialect, { id: standard.id, version: 7, actorId }, async () => {
          asked = true;
          return { name: 'never' };
        }),
      ),
    );
    expect(refused).toEqual({
      status: 409,
      type: 'urn:problem-type:conflict/edit-conflict',
      current: { id: standard.id, name: 'Versioned 2', version: 1 },
    });
    expect(asked).toBe(false);
  });

  it('moves a record to the bin and back with its id, one version further each time, and refuses each step twice', async () => {
    const standard = await insertStandard(database.db, { name: 'Versioned 3' });
    const binned = await inTransaction((trx) => standards.moveToBin(trx, standard.id, actorId));
    expect(binned).toMatchObject({ id: standard.id, version: 2, deleted_by: actorId });
    expect(
      await refusal(inTransaction((trx) => standards.moveToBin(trx, standard.id, actorId))),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(
        inTransaction((trx) =>
          standards.update(trx, dialect, { id: standard.id, actorId }, async () => ({})),
        ),
      ),
    ).toMatchObject({ status: 404 });

    const checked: number[] = [];
    const back = await inTransaction((trx) =>
      standards.restore(trx, dialect, standard.id, actorId, async (row) => {
        checked.push(row.id);
      }),
    );
    expect(checked).toEqual([standard.id]);
    expect(back).toMatchObject({ id: standard.id, version: 3, deleted_at: null, deleted_by: null });
    expect(
      await refusal(inTransaction((trx) => standards.restore(trx, dialect, standard.id, actorId))),
    ).toMatchObject({ status: 404 });
    const history = await listHistory(database.db, 'standard', standard.id, { limit: 5 });
    expect(history.data.map((event) => event.action)).toEqual(['restore', 'delete']);
  });

  it('restores nothing when the check refuses', async () => {
    const standard = await insertStandard(database.db, { name: 'Versioned 4' });
    await inTransaction((trx) => standards.moveToBin(trx, standard.id, actorId));
    await expect(
      inTransaction((trx) =>
        standards.restore(trx, dialect, standard.id, actorId, async () => {
          throw new Error('refused by the check');
        }),
      ),
    ).rejects.toThrow('refused by the check');
    const row = await database.db
      .selectFrom('standards')
      .select(['deleted_at', 'version'])
      .where('id', '=', standard.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.version).toBe(2);
  });
});
