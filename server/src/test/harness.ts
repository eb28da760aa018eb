import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOverrides } from '../app.js';
import type { App } from '../app-context.js';
import { defaultRateLimits, type Config, type DatabaseConfig } from '../config.js';
import { createDatabase, type DatabaseHandle, type Dialect } from '../db/database.js';
import { migrateTo } from '../db/migrate.js';

/** Every API test file runs on SQLite, and on PostgreSQL too when TEST_POSTGRES_URL is set. */
export const dialects: Dialect[] = process.env['TEST_POSTGRES_URL']
  ? ['sqlite', 'postgres']
  : ['sqlite'];

const generous = { max: 10_000, windowMs: 60_000 };

/** A configuration for tests: limits out of the way unless a test sets them, mail to a temp dir. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'um-test-'));
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    database: { dialect: 'sqlite', filename: ':memory:' },
    redisUrl: null,
    appUrl: 'http://localhost:5173',
    jwtSecret: randomBytes(32).toString('hex'),
    smtpUrl: null,
    mailFrom: 'User Management <no-reply@test.local>',
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    google: { clientId: null, jwksUrl: 'http://127.0.0.1:1/jwks' },
    signupAllowedDomains: '*',
    trustProxy: false,
    logLevel: 'silent',
    webDistDir: null,
    rateLimits: Object.fromEntries(
      Object.keys(defaultRateLimits).map((key) => [key, generous]),
    ) as unknown as Config['rateLimits'],
    requestTimeoutMs: 30_000,
    trashRetentionDays: 30,
    schoolName: null,
    oidc: null,
    ssoRequiredDomains: [],
    mfaEncryptionKey: null,
    ...overrides,
  };
}

export interface TestDatabase extends DatabaseHandle {
  config: DatabaseConfig;
}

/**
 * A fresh, migrated database: SQLite in memory, or a PostgreSQL schema of its own, so test
 * files running in parallel never see each other's rows. A migration's test names the last one
 * to apply (`upTo`), writes rows as they were then and applies the rest.
 */
export async function createTestDatabase(dialect: Dialect, upTo?: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const config: DatabaseConfig = { dialect: 'sqlite', filename: ':memory:' };
    const handle = createDatabase(config);
    await migrateTo(handle.db, handle.dialect, upTo);
    return { ...handle, config };
  }
  const url = process.env['TEST_POSTGRES_URL'];
  if (!url) throw new Error('TEST_POSTGRES_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create schema "${schema}"`));
  const config: DatabaseConfig = { dialect: 'postgres', url, schema };
  const handle = createDatabase(config, { poolSize: 5 });
  await migrateTo(handle.db, handle.dialect, upTo);
  return {
    ...handle,
    config,
    async destroy() {
      await handle.destroy();
      await withAdminClient(url, (client) => client.query(`drop schema "${schema}" cascade`));
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
}

export async function createTestApp(
  dialect: Dialect,
  configOverrides: Partial<Config> = {},
  appOverrides: Omit<AppOverrides, 'database'> = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const config = testConfig({ database: database.config, ...configOverrides });
  let app: App;
  try {
    app = await buildApp(config, { ...appOverrides, database });
    await app.ready();
  } catch (error) {
    // A test whose app fails to build must not leave its PostgreSQL schema behind.
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the app on a fresh database before the suite and tears it down after. The returned
 * object's fields are filled in `beforeAll`, so read them inside tests, not at collection.
 */
export function useTestApp(
  dialect: Dialect,
  configOverrides: Partial<Config> | (() => Partial<Config>) = {},
  appOverrides: Omit<AppOverrides, 'database'> = {},
): TestApp {
  const holder = {} as TestApp & { close?: () => Promise<void> };
  beforeAll(async () => {
    const overrides = typeof configOverrides === 'function' ? configOverrides() : configOverrides;
    Object.assign(holder, await createTestApp(dialect, overrides, appOverrides));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/**
 * Sends a request to the test app as one signed-in person: `call('POST', path, body)`. The
 * headers are read at each call, since the suite signs in inside its own `beforeAll`.
 */
export function signedInCaller(t: TestApp, headers: () => Record<string, string>) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers(),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}
