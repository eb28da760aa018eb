import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('../../contract/src/index.ts', import.meta.url));

/**
 * The reliability suite (`npm run test:reliability`): real server processes under load, kill -9,
 * failing dependencies and several processes. Files run one after another so that a load test
 * has the machine to itself and its figures mean something.
 */
export default defineConfig({
  resolve: { alias: { '@um/contract': contractSource } },
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
