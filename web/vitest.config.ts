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
      setupFiles: ['./src/test/setup.ts'],
      // Tests import index.css only as text (?raw), to check its tokens.
      css: { include: [/index\.css/] },
      // Page tests render the whole app and wait up to 5 s for it; the test itself gets room.
      testTimeout: 15_000,
    },
  }),
);
