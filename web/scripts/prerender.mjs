// Writes the HTML of the public pages with their screen already in it (src/prerender.tsx, React
// Router's static rendering of the app's own routes and components) next to a built web app's
// index.html, named by the route's id: login.html, register.html, forgot-password.html. The server sends each for its
// path, and the browser hydrates it (src/main.tsx). Writes signed-out.html, the plain shell, for
// the other signed-out screens. Then adds to index.html, which the signed-in routes get, module
// preloads for the signed-in frame's chunks. Run after `vite build`, before precompress.
//
//   node web/scripts/prerender.mjs [DIST_DIR]   (default: web/dist)
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(process.argv[2] ?? join(webDir, 'dist'));
const EMPTY_ROOT = '<div id="root"></div>';

// Inside web/, so the bundle finds the packages it imports (preact, react-router) as it runs.
const ssrDir = await mkdtemp(join(webDir, '.prerender-'));
try {
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    // Bundled, packages included, so that React's name resolves to Preact for the router and
    // every other package, as it does in the browser (vite.config.ts).
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      sourcemap: false,
      // One file: the client's chunk groups are for the browser.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { prerenderedPages, renderPage, signedInShellModules, withModulePreloads } = await import(
    pathToFileURL(join(ssrDir, 'prerender.js')).href
  );
  const shell = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`${distDir}/index.html has no ${EMPTY_ROOT}`);
  for (const { id, path } of prerenderedPages) {
    const markup = await renderPage(path);
    // The route's id tells the browser which page it hydrates (src/main.tsx).
    const html = shell.replace(
      EMPTY_ROOT,
      () => `<div id="root" data-prerendered="${id}">${markup}</div>`,
    );
    await writeFile(join(distDir, `${id}.html`), html);
  }
  // The public pages are written from the plain shell above, and so is the shell the server
  // sends the other signed-out screens (a reset link, the provider's return, the second step);
  // only the single-page app's shell, which the signed-in routes get, asks for the signed-in
  // frame's chunks with the entry.
  await writeFile(join(distDir, 'signed-out.html'), shell);
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  await writeFile(
    join(distDir, 'index.html'),
    withModulePreloads(shell, manifest, signedInShellModules),
  );
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
