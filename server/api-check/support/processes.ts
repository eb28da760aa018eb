import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The processes of the API check: the built server (server/dist/main.js, what `npm start`
 * runs) on SQLite, and Stoplight Prism's validating proxy in front of it, each on its own port
 * from API_CHECK_PORT (4213 by default: the server, then Prism).
 */

const base = Number(process.env['API_CHECK_PORT'] ?? 4213);
export const ports = { server: base, prism: base + 1 } as const;
export const origins = {
  server: `http://127.0.0.1:${ports.server}`,
  prism: `http://127.0.0.1:${ports.prism}`,
} as const;

const mainJs = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const require = createRequire(import.meta.url);
const prismCli = join(
  dirname(require.resolve('@stoplight/prism-cli/package.json')),
  'dist',
  'index.js',
);
const redoclyCli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
export const redoclyConfig = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

const children = new Set<ChildProcess>();
const dirs = new Set<string>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory, removed when the test process exits. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'um-api-check-'));
  dirs.add(dir);
  return dir;
}

export interface Running {
  /** The tail of what the process printed, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

function run(args: string[], env: NodeJS.ProcessEnv): Running & { child: ChildProcess } {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitFor(url: string, process: ReturnType<typeof run>, what: string) {
  const deadline = performance.now() + 60_000;
  for (;;) {
    if (process.child.exitCode !== null) {
      throw new Error(`${what} exited with ${process.child.exitCode}:\n${process.output()}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await process.stop();
      throw new Error(`${what} did not answer ${url} within 60 s:\n${process.output()}`);
    }
    await sleep(100);
  }
}

/** Starts the built server on an empty SQLite database, with its mail in an outbox. */
export async function startServer(dataDir: string, env: Record<string, string>) {
  const server = run([mainJs], {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(ports.server),
    DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  await waitFor(`${origins.server}/healthz`, server, 'the server');
  return server;
}

/** Starts Prism's proxy with `--errors`: a request or answer the document does not allow fails. */
export async function startPrism(documentFile: string) {
  const prism = run(
    [
      prismCli,
      'proxy',
      documentFile,
      origins.server,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(ports.prism),
      // Prism's own CORS headers would be added to every answer it passes on.
      '--cors=false',
      '--verboseLevel',
      'warn',
    ],
    { PATH: process.env['PATH'] ?? '' },
  );
  await waitFor(`${origins.prism}/healthz`, prism, 'Prism');
  return prism;
}

/** Runs Redocly's lint of a document with the project's config; resolves to its JSON report. */
export async function lintDocument(documentFile: string): Promise<RedoclyReport> {
  const lint = run(
    [redoclyCli, 'lint', documentFile, '--config', redoclyConfig, '--format', 'json'],
    {
      PATH: process.env['PATH'] ?? '',
      // Nothing leaves the machine: no usage report, no look-up of newer versions.
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    },
  );
  let stdout = '';
  lint.child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  await new Promise((resolve) => lint.child.once('exit', resolve));
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error(`Redocly printed no report:\n${lint.output()}`);
  return JSON.parse(stdout.slice(start)) as RedoclyReport;
}

export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

export interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: RedoclyProblem[];
}

/** The text part of the newest mail in the outbox sent to an address, decoded. */
export async function mailTo(dataDir: string, address: string, after = 0): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = performance.now() + 10_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      // No mail yet.
    }
    const mails = files
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .filter((raw) => new RegExp(`^To: ${address}$`, 'm').test(raw));
    if (mails.length > after) return textOf(mails.at(-1)!);
    if (performance.now() > deadline) throw new Error(`no mail to ${address} in ${outbox}`);
    await sleep(50);
  }
}

/** How many mails the outbox holds for an address. */
export function mailCount(dataDir: string, address: string): number {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((file) =>
      new RegExp(`^To: ${address}$`, 'm').test(readFileSync(join(dataDir, 'outbox', file), 'utf8')),
    ).length;
  } catch {
    return 0;
  }
}

/** The quoted-printable text/plain part of a message the outbox wrote. */
function textOf(raw: string): string {
  const part = raw.slice(raw.indexOf('Content-Type: text/plain'));
  const body = part.slice(part.search(/\r?\n\r?\n/)).trimStart();
  return body
    .slice(0, body.search(/\r?\n--/))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
