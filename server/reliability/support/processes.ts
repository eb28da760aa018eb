import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const mainJs = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** Every child this test file started, so none outlives it, even when a test fails or hangs. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Stops whatever children are still running; call it in afterAll/afterEach. */
export async function killAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => killAndWait(child, 'SIGKILL')));
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = exitOf(child);
  child.kill(signal);
  await exited;
}

/** Spawns a child that is registered for clean-up, keeping the tail of its output. */
export function spawnTracked(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** A port the kernel says is free now, on the loopback address every test uses. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const dirs = new Set<string>();
process.once('exit', () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory, removed when the test file's process exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

/** Limits far above what any workload here sends, so tests measure correctness, not limits. */
export const generousLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: '100000/60',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '100000/60',
  RATE_LIMIT_MAIL_PER_ADDRESS: '100000/60',
  RATE_LIMIT_MAIL_PER_IP: '100000/60',
  RATE_LIMIT_REGISTER_PER_IP: '100000/60',
  RATE_LIMIT_RESET_PER_IP: '100000/60',
};

export interface ServerOptions {
  databaseUrl: string;
  dataDir: string;
  /** Overrides and additions to the production environment below. */
  env?: Record<string, string>;
  /** Reuse a port, to restart "the same" server. */
  port?: number;
}

export interface ServerProcess {
  origin: string;
  port: number;
  pid: number;
  env: Record<string, string>;
  output(): string;
  /** kill -9: no drain, no clean-up, exactly like a crash or an OOM kill. */
  crash(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after 10 seconds. */
  stop(): Promise<void>;
}

/**
 * Starts the built server (server/dist/main.js, what `npm start` runs) as a child process in
 * production mode, and waits until it answers /healthz. /readyz is left to the caller: some
 * tests start a server whose database is down on purpose.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    // Production refuses to start without a mail server and a sign-up rule. Tests that mail
    // pass their own catcher; staff sign up at school.test.
    SMTP_URL: 'smtp://127.0.0.1:1',
    SIGNUP_ALLOWED_DOMAINS: 'school.test',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...generousLimits,
    ...options.env,
  };
  const { child, output } = spawnTracked(process.execPath, [mainJs], env);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} during start-up:\n${output()}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await killAndWait(child, 'SIGKILL');
      throw new Error(`server did not answer /healthz within 30 s:\n${output()}`);
    }
    await sleep(50);
  }
  return {
    origin,
    port,
    pid: child.pid ?? 0,
    env,
    output,
    crash: () => killAndWait(child, 'SIGKILL'),
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await killAndWait(child, 'SIGTERM');
      clearTimeout(timer);
    },
  };
}

/** Polls until `check` passes or the time is up; returns how long it took, in milliseconds. */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * A bare Node HTTP server in a process of its own, answering every request at once: asked beside
 * the server under test, it shows how long the machine itself took to answer at that moment, so
 * a stall of the whole host (another job's burst, a scheduler pause) is not charged to the server.
 */
export async function startControlServer(): Promise<{ origin: string }> {
  const port = await freePort();
  const program = `require('node:http').createServer((request, response) => response.end('{"status":"ok"}')).listen(${port}, '127.0.0.1')`;
  const { child, output } = spawnTracked(process.execPath, ['-e', program], {
    PATH: process.env['PATH'] ?? '',
  });
  const origin = `http://127.0.0.1:${port}`;
  await eventually('the control server', async () => {
    if (child.exitCode !== null) throw new Error(`control server exited:\n${output()}`);
    return (await fetch(origin)).ok;
  });
  return { origin };
}
