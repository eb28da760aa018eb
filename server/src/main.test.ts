import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const serverDir = new URL('..', import.meta.url).pathname;

/** Runs src/main.ts the way `npm run dev -w server` does, with only the given environment. */
function startMain(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitForHealthy(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

/** Starts the real process on a database, checks it serves, then stops it with SIGTERM. */
async function expectServesAndDrains(databaseUrl: string) {
  const port = await freePort();
  const child = startMain({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'um-main-')),
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealthy(url, child);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const missing = await fetch(`${url}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

// Each test starts the real process, compiling TypeScript on the way: on a busy two-core host,
// beside another test worker, that alone can take longer than an API test's 20 seconds.
describe('the server process', { timeout: 60_000 }, () => {
  it('exits non-zero naming DATABASE_URL when it is of an unknown kind', async () => {
    const child = startMain({ DATABASE_URL: 'mysql://x' });
    expect(await exitCode(child)).not.toBe(0);
    expect(child.output()).toContain('DATABASE_URL=mysql://x');
  });

  it('exits non-zero naming NODE_ENV when it is unknown', async () => {
    const child = startMain({ NODE_ENV: 'staging' });
    expect(await exitCode(child)).not.toBe(0);
    expect(child.output()).toContain('NODE_ENV=staging');
  });

  it('refuses to start in production without JWT_SECRET, APP_URL, SMTP_URL and SIGNUP_ALLOWED_DOMAINS, naming each, and shows no secret', async () => {
    const child = startMain({ NODE_ENV: 'production', JWT_SECRET: 'a-short-secret-value' });
    expect(await exitCode(child)).not.toBe(0);
    const output = child.output();
    for (const name of ['JWT_SECRET', 'APP_URL', 'SMTP_URL', 'SIGNUP_ALLOWED_DOMAINS']) {
      expect(output).toContain(name);
    }
    expect(output).not.toContain('a-short-secret-value');
  });

  it('warns at every start in production that anyone may sign up when SIGNUP_ALLOWED_DOMAINS is *', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'um-main-open-'));
    const child = startMain({
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      DATA_DIR: dir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: 'smtp://127.0.0.1:1',
      SIGNUP_ALLOWED_DOMAINS: '*',
    });
    try {
      await waitForHealthy(`http://127.0.0.1:${port}`, child);
      expect(child.output()).toContain('Sign-up is open to anyone');
      child.kill('SIGTERM');
      expect(await exitCode(child)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('keeps the data folder to its owner: the default database in DATA_DIR, its -wal and -shm, the key and the mails, tightening what was left open', async () => {
    const port = await freePort();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'um-main-files-')), 'data');
    mkdirSync(join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'jwt-secret'), `${randomBytes(32).toString('hex')}\n`, {
      mode: 0o644,
    });
    writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'a code', { mode: 0o644 });
    const child = startMain({ PORT: String(port), DATA_DIR: dataDir });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHealthy(url, child);
      const sent = await fetch(`${url}/api/user/send_otp/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'new.teacher@school.test' }),
      });
      expect(sent.status).toBe(200);
      const mails = readdirSync(join(dataDir, 'outbox'));
      expect(mails).toHaveLength(2);
      const modes = Object.fromEntries(
        [
          '.',
          'app.db',
          'app.db-wal',
          'app.db-shm',
          'jwt-secret',
          'outbox',
          ...mails.map((mail) => join('outbox', mail)),
        ].map((path) => [path, (statSync(join(dataDir, path)).mode & 0o777).toString(8)]),
      );
      expect(modes).toEqual({
        '.': '700',
        'app.db': '600',
        'app.db-wal': '600',
        'app.db-shm': '600',
        'jwt-secret': '600',
        outbox: '700',
        ...Object.fromEntries(mails.map((mail) => [join('outbox', mail), '600'])),
      });
      child.kill('SIGTERM');
      expect(await exitCode(child)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('migrates a new SQLite file, serves, and exits cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'um-main-db-'));
    await expectServesAndDrains(`sqlite:${join(dir, 'app.db')}`);
  });

  it.runIf(process.env['TEST_POSTGRES_URL'])(
    'migrates a new PostgreSQL database, serves, and exits cleanly on SIGTERM',
    async () => {
      const adminUrl = process.env['TEST_POSTGRES_URL'] ?? '';
      const name = `um_main_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        await expectServesAndDrains(url.toString());
      } finally {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
