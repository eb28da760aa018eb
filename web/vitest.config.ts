import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      // Each test file still gets a fresh module graph and a fresh jsdom (the app keeps its
      // session, caches and router state in modules), but in a VM context of a worker that
      // stays up: starting a worker and its environment for each file cost more than the
      // tests did (docs/decisions/0087).
      pool: 'vmForks',
      setupFiles: ['./src/test/setup.ts'],
      // Tests import index.css only as text (?raw), to check its tokens.
      css: { include: [/index\.css/] },
      // Page tests render the whole app and wait up to 5 s for it; the test itself gets room.
      testTimeout: 15_000,
    },
  }),
);
