import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('../../contract/src/index.ts', import.meta.url));

/**
 * The API check (`npm run test:api`): Redocly's lint of the API document, then a walk of every
 * operation through Stoplight Prism's validating proxy in front of the built server.
 */
export default defineConfig({
  resolve: { alias: { '@um/contract': contractSource } },
  test: {
    name: 'api-check',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
