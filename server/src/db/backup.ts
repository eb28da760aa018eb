/**
 * `npm run backup -- FILE`: a consistent copy of the SQLite database the server uses (as
 * DATABASE_URL, or DATA_DIR, names it), taken with SQLite's online backup while the server
 * keeps running. PostgreSQL has pg_dump. It runs from the built server (`node
 * server/dist/db/backup.js`), with nothing but the production dependencies.
 */
import { existsSync, lstatSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { databaseFromEnv, type DatabaseConfig } from '../config.js';
import { createPrivateFile } from './private-files.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const USAGE =
  'Usage: npm run backup -- FILE   (a new file; DATABASE_URL or DATA_DIR names the database)';
/** Pages per backup step: all of them, so the copy is taken in one read of the database. */
const ALL_PAGES = 0x7fffffff;
const BUSY_TIMEOUT_MS = 5_000;

async function main(): Promise<number> {
  const [target, ...extra] = process.argv.slice(2);
  if (!target || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let database: DatabaseConfig;
  try {
    database = databaseFromEnv(process.env, repoRoot);
  } catch (error) {
    console.error(`DATABASE_URL: ${(error as Error).message}`);
    return 1;
  }
  if (database.dialect === 'postgres') {
    console.error(
      'DATABASE_URL names a PostgreSQL database: back it up with pg_dump (README, "Back up and restore").',
    );
    return 1;
  }
  if (database.filename === ':memory:' || !existsSync(database.filename)) {
    console.error(`There is no SQLite database at ${database.filename} to back up.`);
    return 1;
  }
  // npm runs the script in the server workspace; FILE means what it meant where npm was run.
  const file = resolve(process.env['INIT_CWD'] ?? process.cwd(), target);
  // The copy holds every student and every password hash: it is created here, readable by its
  // owner only, and never over anything that exists, a symbolic link (even a dangling one)
  // included, so that nothing is written through a link somebody left in its place.
  try {
    createPrivateFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') throw error;
    const link = lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    console.error(
      link
        ? `${file} is a symbolic link; name a new file, so that nothing is written through it.`
        : `${file} exists already; name a new file, so that nothing is overwritten.`,
    );
    return 1;
  }
  const source = new SQLite(database.filename, { fileMustExist: true });
  try {
    source.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const { totalPages } = await source.backup(file, { progress: () => ALL_PAGES });
    console.log(`Backed up ${database.filename} to ${file} (${totalPages} pages).`);
    return 0;
  } catch (error) {
    // Half a copy is no backup; it is not left to be taken for one.
    rmSync(file, { force: true });
    throw error;
  } finally {
    source.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
