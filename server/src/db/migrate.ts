import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { initialMigration } from './migrations/0001_initial.js';
import { performanceMigration } from './migrations/0004_performance.js';
import { dataVersionsMigration } from './migrations/0005_data_versions.js';
import { versionStripesMigration } from './migrations/0006_version_stripes.js';
import { tokenVersionsMigration } from './migrations/0008_token_versions.js';
import { listIndexesMigration } from './migrations/0009_list_indexes.js';
import { historyAndBinMigration } from './migrations/0010_history_and_bin.js';
import { importIndexMigration } from './migrations/0013_import_index.js';
import { rollNumberIndexesMigration } from './migrations/0014_roll_number_indexes.js';
import { liveSessionsIndexMigration } from './migrations/0015_live_sessions_index.js';
import { staffAccountsMigration } from './migrations/0016_staff_accounts.js';
import { studentRecordMigration } from './migrations/0017_student_record.js';
import { inboxSearchMigration } from './migrations/0018_inbox_search.js';
import { batchesMigration } from './migrations/0019_batches.js';
import { guardiansOnTheStudentMigration } from './migrations/0020_guardians_on_the_student.js';
import { secondStepsMigration } from './migrations/0024_second_steps.js';
import { oneRosterMigration } from './migrations/0025_oneroster.js';
import { oneInvitationPerAddressMigration } from './migrations/0026_one_invitation_per_address.js';
import { standardNameKeysMigration } from './migrations/0027_standard_name_keys.js';

/**
 * Migrations are listed here rather than read from a folder, so the compiled server and the
 * tests run exactly the same set. Names sort in the order they apply.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0004_performance': performanceMigration(dialect),
    '0005_data_versions': dataVersionsMigration(dialect),
    '0006_version_stripes': versionStripesMigration(dialect),
    '0008_token_versions': tokenVersionsMigration(),
    '0009_list_indexes': listIndexesMigration(dialect),
    '0010_history_and_bin': historyAndBinMigration(dialect),
    '0013_import_index': importIndexMigration(),
    '0014_roll_number_indexes': rollNumberIndexesMigration(dialect),
    '0015_live_sessions_index': liveSessionsIndexMigration(),
    '0016_staff_accounts': staffAccountsMigration(dialect),
    '0017_student_record': studentRecordMigration(dialect),
    '0018_inbox_search': inboxSearchMigration(dialect),
    '0019_batches': batchesMigration(dialect),
    '0020_guardians_on_the_student': guardiansOnTheStudentMigration(dialect),
    '0024_second_steps': secondStepsMigration(dialect),
    '0025_oneroster': oneRosterMigration(dialect),
    '0026_one_invitation_per_address': oneInvitationPerAddressMigration(),
    '0027_standard_name_keys': standardNameKeysMigration(dialect),
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  await migrateTo(db, dialect);
}

/** Applies the migrations up to and including `last` (all of them without it). */
export async function migrateTo(db: Db, dialect: Dialect, last?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  // Unless told the schema, Kysely takes bookkeeping tables found in ANY schema for its own, so
  // a second schema in the same database (another deployment, parallel tests) broke migrations.
  const migrationTableSchema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await (last === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(last));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, {
      cause,
    });
  }
}

async function currentSchema(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? undefined;
}
