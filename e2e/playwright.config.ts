import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { oidcAppEnv, oidcProviderServer } from './support/oidc.js';

const port = Number(process.env['E2E_PORT'] ?? 4173);
// `localhost`, not 127.0.0.1: a passkey's relying party is APP_URL's host name, and browsers
// take no IP address for one. The server still listens on 127.0.0.1, which localhost names.
const baseURL = `http://localhost:${port}`;
/** The local OpenID provider's port (support/oidc.ts): 20 above the app's unless told. */
const oidcPort = Number(process.env['E2E_OIDC_PORT'] ?? port + 20);

// One fresh data directory per run (database, outbox, signing key). Workers load this file
// again; they inherit the runner's environment, so they find the same directory.
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'um-e2e-'));
const dataDir = process.env['E2E_DATA_DIR'];

/** Sign-up, login and mail limits are real in the browser tests; these keep them out of the way. */
const generous = '1000/60';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // One at a time: the specs share one server, one database and one signed-in account, and two
  // workers on these two cores made whole-screen walks meet each other's records, SQLite writes
  // from `npm run admin` meet the server's, and the slowed-CPU test starve (docs/decisions/0050).
  workers: 1,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  // The longest tests walk whole forms by keyboard; on a slow or shared CI host they took 30-33 s
  // where a quiet one takes 10-20, so a test's own limit leaves that room.
  timeout: 60_000,
  // A signed-in page's first load (entry, shell, screen and session check) took over 5 s there.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    oidcProviderServer(oidcPort, baseURL),
    {
      command: 'node ../server/dist/main.js',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
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
    },
  ],
});
