import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { oidcAppEnv, startTestOidcProvider } from './oidc.js';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/** Sign-up, login and mail limits are real in the browser tests; these keep them out of the way. */
const generous = '1000/60';

/** The first worker's app port; worker n listens n above it, its OpenID provider 20 above that. */
export const firstPort = Number(process.env['E2E_PORT'] ?? 4173);

export interface WorkerServer {
  /** `localhost`, not 127.0.0.1: a passkey's relying party is APP_URL's host name, and browsers
   * take no IP address for one. The server still listens on 127.0.0.1, which localhost names. */
  url: string;
  /** The worker's data directory: its SQLite database (e2e.db), outbox and signing key. */
  dataDir: string;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, exited: () => string | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`The browser tests' server stopped before it was ready: ${exit}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`The browser tests' server was not ready at ${url} within ${timeoutMs} ms`);
}

/**
 * The built server and an OpenID provider of one worker's own, on ports of its own, with a
 * database, outbox and signing key of its own under `dataRoot`: what one worker's tests write
 * never meets another's, and `npm run admin` writes to the database only this server uses.
 */
export async function startWorkerServer(
  parallelIndex: number,
  dataRoot: string,
): Promise<WorkerServer> {
  const port = firstPort + parallelIndex;
  const oidcPort = port + 20;
  const url = `http://localhost:${port}`;
  const dataDir = join(dataRoot, `worker-${parallelIndex}-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });

  const provider = await startTestOidcProvider(oidcPort, url);
  const child = spawn(process.execPath, [serverMain], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATABASE_URL: `sqlite:${join(dataDir, 'e2e.db')}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_IP: generous,
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: generous,
      RATE_LIMIT_MAIL_PER_ADDRESS: generous,
      RATE_LIMIT_MAIL_PER_IP: generous,
      RATE_LIMIT_REGISTER_PER_IP: generous,
      RATE_LIMIT_RESET_PER_IP: generous,
      ...oidcAppEnv(oidcPort),
    },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = `exit code ${code}, signal ${signal}`;
      resolve();
    });
  });

  const stop = async () => {
    if (exit === undefined) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (exit === undefined) child.kill('SIGKILL');
    }
    await provider.close();
  };
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, () => exit, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
