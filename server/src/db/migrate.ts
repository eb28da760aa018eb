import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { initialMigration } from './migrations/0001_initial.js';

/**
 * Migrations are listed here rather than read from a folder, so the compiled server and the
 * tests run exactly the same set. Names sort in the order they apply.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, {
      cause,
    });
  }
}
