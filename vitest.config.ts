import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));

export default defineConfig({
  test: {
    // A worker per core: most API tests wait on their database, their timers or a child
    // process rather than on the CPU, so two workers on two cores finish well before one
    // (decision 0083).
    maxWorkers: '100%',
    projects: [
      {
        resolve: { alias: { '@um/contract': contractSource } },
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@um/contract': contractSource } },
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // A worker's files share one module graph: importing the app again for each file took
          // a third of the suite's time. Every test builds its own app, database and clock, and
          // no test replaces a module, so nothing of one file reaches the next (decision 0086).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: '.',
          include: ['scripts/**/*.test.{js,ts}'],
          environment: 'node',
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
