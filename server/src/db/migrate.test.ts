import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';

const postgresUrl = process.env['TEST_POSTGRES_URL'];

describe.runIf(postgresUrl)('migrations on PostgreSQL', () => {
  it('migrate a schema while other schemas of the same database are created and dropped', async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    let churning = true;
    const churn = (async () => {
      let dropped = 0;
      while (churning) {
        const schema = `churn_${randomBytes(6).toString('hex')}`;
        await client.query(`create schema "${schema}"`);
        await client.query(`create table "${schema}".rows (id integer primary key, name text)`);
        await client.query(`drop schema "${schema}" cascade`);
        dropped += 1;
      }
      return dropped;
    })();
    try {
      for (let round = 0; round < 4; round += 1) {
        const database = await createTestDatabase('postgres');
        await database.destroy();
      }
    } finally {
      churning = false;
    }
    expect(await churn).toBeGreaterThan(0);
    await client.end();
  });
});
