import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const contractSource = fileURLToPath(new URL('../../contract/src/index.ts', import.meta.url));
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The files whose tests assert answers within a second (`/healthz` under hostile uploads, a
 * message crossing two processes): their figures mean something only with the machine to
 * themselves. Every other file was built to hold beside busy neighbours (the load test's rate is
 * a sixth of what the machine sustains, docs/reliability.md), so CI runs those beside other work
 * (docs/decisions/0086). A new file joins them unless it is named here.
 */
const needTheMachineAlone = ['hostile.test.ts', 'live-updates.test.ts'];

function project(
  name: string,
  files: { include: string[]; exclude?: string[] },
): TestProjectInlineConfiguration {
  return {
    resolve: { alias: { '@um/contract': contractSource } },
    test: {
      name,
      root,
      ...files,
      environment: 'node',
      fileParallelism: false,
      testTimeout: 180_000,
      hookTimeout: 120_000,
    },
  };
}

/**
 * The reliability suite (`npm run test:reliability`): real server processes under load, kill -9,
 * failing dependencies and several processes. Files run one after another, and the two projects
 * one after the other, so that `npm run test:reliability` gives every load test the machine.
 */
export default defineConfig({
  test: {
    maxWorkers: 1,
    projects: [
      project('reliability', { include: ['**/*.test.ts'], exclude: needTheMachineAlone }),
      project('reliability-alone', { include: needTheMachineAlone }),
    ],
  },
});
