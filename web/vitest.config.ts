import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig, { packageFile } from './vite.config.ts';

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
      // The packages written for React run through the bundler too, so that React's name
      // resolves to Preact for them as it does for the app (vite.config.ts, decision 0092).
      server: {
        deps: {
          inline: [
            '@testing-library/react',
            'react-router',
            '@tanstack/react-query',
            'lucide-react',
          ],
        },
      },
      // Under Node, these packages name their CommonJS builds first, whose `require('react')`
      // no alias reaches; their ES module builds are the same code.
      alias: [
        {
          find: /^@testing-library\/react$/,
          replacement: packageFile('@testing-library/react', 'dist/@testing-library/react.esm.js'),
        },
        {
          find: /^react-router$/,
          replacement: packageFile('react-router', 'dist/development/index.mjs'),
        },
      ],
      setupFiles: ['./src/test/setup.ts'],
      // Tests import index.css only as text (?raw), to check its tokens.
      css: { include: [/index\.css/] },
      // Page tests render the whole app and wait up to 5 s for it; the test itself gets room.
      testTimeout: 15_000,
    },
  }),
);
