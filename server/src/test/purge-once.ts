/**
 * One purge of the bin in a process of its own, for the test of processes purging at once:
 * `purge-once.ts DATABASE_CONFIG_JSON START_AT_MS`. It connects first, waits for the shared start
 * time so that the purges overlap, then prints what it removed as JSON.
 */
import type { DatabaseConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { purgeBin } from '../bin/repository.js';

const [configJson, startAt] = process.argv.slice(2);
const config = JSON.parse(configJson ?? '') as DatabaseConfig;
const database = createDatabase(config);
await database.db.selectFrom('students').select('id').limit(1).execute();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const removed = await purgeBin(database.db, database.dialect, 30);
await database.destroy();
process.stdout.write(JSON.stringify(removed));
