import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defineConfig, minifySync } from 'vite';
import type { Plugin } from 'vite';
import { signedInShellModules } from './src/build-manifest.ts';

const contractSource = fileURLToPath(new URL('../contract/src/index.ts', import.meta.url));
const webDir = fileURLToPath(new URL('.', import.meta.url));
const colourModeSource = fileURLToPath(new URL('./src/colour-mode.js', import.meta.url));
const apiOrigin = process.env['API_ORIGIN'] ?? 'http://127.0.0.1:3000';

/** A file of an installed package by its path inside the package, past its `exports` map. */
export const packageFile = (name: string, file: string) =>
  join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);

/**
 * src/colour-mode.js as the first script of index.html: a classic, blocking one, so the colour
 * mode is set before the first paint, and external, as the Content-Security-Policy allows no
 * inline script. The build names it by its content's hash among the other assets, which the
 * server lets browsers keep for a year; the dev server serves it as it is.
 */
function colourModeScript(): Plugin {
  // Minified like every other script: the login page's budget counts it too.
  const source = minifySync('colour-mode.js', readFileSync(colourModeSource, 'utf8')).code;
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  let src = '/colour-mode.js';
  return {
    name: 'colour-mode-script',
    configResolved(config) {
      if (config.command === 'build') src = `/${config.build.assetsDir}/colour-mode-${hash}.js`;
    },
    configureServer(server) {
      server.middlewares.use('/colour-mode.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: src.slice(1), source });
    },
    transformIndexHtml: () => [{ tag: 'script', attrs: { src }, injectTo: 'head-prepend' }],
  };
}

/**
 * React Router's package names its development build for every import condition, so a
 * production build would carry its development warnings and their checks; its production
 * build, beside it in the package, is the same code with them compiled out. The dev server and
 * the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    // The router looks for React 19's `useOptimistic` and does without it where the runtime has
    // none, as Preact's compat layer has not (decision 0092).
    onLog: (_level, log) =>
      !(log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('`useOptimistic`')),
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: packageFile('react-router', 'dist/production/index.mjs'),
          },
        ],
      },
    }),
  };
}

/**
 * A stored session's first screen in one chunk (decision 0090): what the signed-in frame, the
 * dashboard and its loader (`signedInShellModules`) import, and all of that in turn, less what
 * the entry and the groups above it hold. As a file per module it was 24 requests, which a phone
 * on HTTP/1.1 with six connections makes four round trips deep. The group is given what the
 * three modules import, read from the module graph once the build has it, and the bundler adds
 * their dependencies as it tree-shakes them (`includeDependenciesRecursively`), so only what
 * the screen uses joins (of the contract, the parts the dashboard reads), and a module joins or
 * leaves as the imports change. The three stay chunks of their own, which the router imports
 * and the manifest names.
 */
function signedInChunk() {
  let imported = new Set<string>();
  const plugin: Plugin = {
    name: 'signed-in-chunk',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    buildEnd(error) {
      if (error) return;
      imported = new Set(
        signedInShellModules.flatMap((key) => {
          const module = this.getModuleInfo(join(webDir, key));
          if (!module) this.error(`${key} is not in the build: update signedInShellModules.`);
          return module.importedIds;
        }),
      );
    },
  };
  return { plugin, test: (id: string) => imported.has(id) };
}

const signedIn = signedInChunk();

/**
 * The chunks a first visit runs as soon as they arrive: the entry and the groups of the first
 * screens. A file that starts with V8's compile hint has every function compiled on a
 * background thread as it streams in, not one at a time on the main thread as each is first
 * called (decision 0093). The other chunks stay lazily compiled: most of their code runs only
 * once a person uses it.
 */
function compileHints(): Plugin {
  const firstScreenGroups = new Set(['frame', 'sign-in-form', 'signed-in']);
  return {
    name: 'compile-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle: {
      // The hint counts only as a file's first line, and Vite's preload helper puts its list
      // of files there, so this runs after it.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (!chunk.isEntry && !firstScreenGroups.has(chunk.name)) continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          // The source map's lines move down by the one added.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const { mappings, ...rest } = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...rest, mappings: `;${mappings}` });
          }
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    colourModeScript(),
    reactRouterProductionBuild(),
    signedIn.plugin,
    compileHints(),
    preact(),
    tailwindcss(),
  ],
  resolve: { alias: { '@um/contract': contractSource } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiOrigin,
      '/management': apiOrigin,
      '/docs': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging but not announced in every chunk.
    sourcemap: 'hidden',
    // Everything the entry imports statically goes into the entry's own chunk: by default the
    // modules the screens share with it (React, the contract's paths, the session store) each
    // became a file of their own, which cost /login a request and gzip framing apiece.
    // The sign-in screens' shared code (form, frame, texts) is one chunk, and the frame the shell
    // shares with them another, not a file per module: each file cost /login a request and its
    // own gzip framing and import list, which kept the page over its 110 kB budget. A group
    // takes only the modules it names, so the signed-in screens do not load the sign-in form;
    // the signed-in first screen's group (`signedInChunk`) takes what it imports, and comes
    // after the groups the sign-in pages load, which keep their modules.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'frame', test: /\/src\/components\/ui\/(ThemeToggle|Brand|Banner|icons)\./ },
            {
              name: 'sign-in-form',
              test: /\/src\/(features\/auth\/(SignInForm|AuthLayout|LazyGoogleSignIn|redirect)|components\/ui\/Field|lib\/(forms|hydrated)|spec-texts\/sign-in)\./,
            },
            { name: 'signed-in', test: signedIn.test, includeDependenciesRecursively: true },
            {
              name: 'screen',
              test: /\/src\/(components\/ui\/(PageHeader|NoticeArea|EmailText|Section|ScrollBox|ResponsiveTable|Details)|lib\/(roles|save-file|media-query))\./,
            },
            { name: 'editing', test: /\/src\/components\/ui\/(useListScreen|useUnsavedForm)\./ },
            // The API calls that several screens share, each a few hundred bytes: one file, so
            // the entry's list of chunks does not grow by a name for each.
            { name: 'shared-calls', test: /\/src\/lib\/api\// },
            // The icons several screens share, a few hundred bytes each, likewise.
            { name: 'icons', test: /\/lucide-react\// },
          ],
        },
      },
    },
    // Vite's polyfill serves <link rel="modulepreload"> in browsers without it; the HTML loads
    // one entry, and there a lazy chunk's imports simply load without being preloaded.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each page loads, for the size budget.
    manifest: true,
  },
});
