import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@um/contract';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A port the kernel says is free right now, on the loopback address the loads go to. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface ServerProcess {
  name: string;
  pid: number;
  origin: string;
  /** The kernel's high-water mark of the process's resident memory (VmHWM), in MB (10^6 bytes). */
  peakRssMB(): number;
  /** The process's resident memory now (VmRSS), in MB. */
  rssMB(): number;
  /** CPU time the process has used so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** A `/proc/<pid>/status` memory field, in MB. */
function statusFieldMB(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return (Number(match[1]) * 1024) / 1e6;
}

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Starts a server as a child process and waits until `readyPath` answers 200. The child's
 * stderr is kept so a server that fails to start says why instead of timing out silently.
 */
export async function startServer(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  cwd: string;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (hasExited) throw new Error(`${options.name} exited during start-up:\n${stderr}`);
    try {
      const response = await fetch(origin + options.readyPath);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not become ready within 30 s:\n${stderr}`);
    }
    await sleep(100);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} has no pid`);

  return {
    name: options.name,
    pid,
    origin,
    peakRssMB: () => statusFieldMB(pid, 'VmHWM'),
    rssMB: () => statusFieldMB(pid, 'VmRSS'),
    cpuSeconds: () => cpuSecondsOf(pid),
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      // A graceful exit lets `--cpu-prof` write its profile; a hung one is not waited for.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The built API server (`server/dist/main.js`, or `entry`) in production mode on `databaseUrl`.
 * Its environment is a clean one: nothing from the caller's shell (REDIS_URL, WEB_DIST_DIR…)
 * leaks in. The mail and sign-up settings production insists on point nowhere, as a bench sends
 * no mail and signs nobody up; `env` adds to them.
 */
export async function startApiServer(options: {
  databaseUrl: string;
  dataDir: string;
  entry?: string;
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({
    name: 'API server',
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), options.entry ?? join(repoRoot, 'server/dist/main.js')],
    env: {
      PATH: process.env['PATH'],
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: 'smtp://127.0.0.1:9',
      SIGNUP_ALLOWED_DOMAINS: 'school.test',
      ...options.env,
    },
    port,
    readyPath: apiPaths.ready,
    cwd: repoRoot,
  });
}
