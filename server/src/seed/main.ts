import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { SEED_USAGE, SeedUsageError, parseSeedArgs, seed } from './seed.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SeedUsageError)) throw error;
    console.error(`${error.message}\n\n${SEED_USAGE}`);
    return 2;
  }
  if (!parsed) {
    console.log(SEED_USAGE);
    return 0;
  }

  // The same configuration as the server, so DATABASE_URL means the same database.
  let config;
  try {
    config = loadConfig(process.env, { baseDir: repoRoot });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const target = config.database.dialect === 'sqlite' ? config.database.filename : 'PostgreSQL';
    console.log(`Seeding ${target}`);
    const started = performance.now();
    const added = await seed(database.db, parsed.counts, {
      password: parsed.password,
      log: (line) => console.log(`  ${line}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `Done in ${seconds} s: ${added.users} staff, ${added.standards} standards, ` +
        `${added.students} students, ${added.messages} messages added.`,
    );
    if (parsed.counts.users > 0) {
      console.log(`Seeded staff sign in with the password "${parsed.password}".`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof SeedUsageError)) throw error;
    console.error(error.message);
    return 2;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
