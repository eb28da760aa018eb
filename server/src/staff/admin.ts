/**
 * `npm run admin -- grant EMAIL` (docs/staff.md): run from the built server (`node
 * server/dist/staff/admin.js`) on the server's shell, with the database the server uses
 * (DATABASE_URL, or DATA_DIR), migrated first like the server does at start.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseFromEnv } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminCommand } from './admin-command.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<number> {
  const database = createDatabase(databaseFromEnv(process.env, repoRoot));
  try {
    await migrateToLatest(database.db, database.dialect);
    const { code, message } = await adminCommand(database, process.argv.slice(2));
    (code === 0 ? console.log : console.error)(message);
    return code;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
