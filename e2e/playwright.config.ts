import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh directory per run, holding a data directory per worker (database, outbox, signing
// key: support/worker-server.ts). Workers load this file again; they inherit the runner's
// environment, so they find the same directory.
process.env['E2E_DATA_ROOT'] ??= mkdtempSync(join(tmpdir(), 'um-e2e-'));

const launchOptions = {
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
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // Two workers, one per core, each with a server, database and accounts of its own
  // (tests/fixtures.ts, docs/decisions/0080). E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
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
    browserName: 'chromium',
    // A failed test keeps its trace of actions, requests and console, and its page's ARIA
    // snapshot (error-context.md). Screencast frames and DOM snapshots of every action cost a
    // third of the suite's time, recorded for every test and thrown away when it passes;
    // `--trace on` records them for the test being looked into (decision 0086).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions,
  },
  projects: [
    { name: 'screens', testIgnore: /first-input\.spec\.ts$/ },
    // The slowed-CPU tests: `npm test` runs them after the others, on one worker, with no other
    // browser beside them; on two cores a second browser starved them past their limit
    // (docs/decisions/0050, 0080).
    { name: 'slowed-cpu', testMatch: /first-input\.spec\.ts$/ },
  ],
});
