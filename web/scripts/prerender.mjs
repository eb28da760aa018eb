// Writes one HTML file per client route into a built web app (after `vite build`, before
// precompress.mjs), so that the browser has something to paint before the JavaScript arrives
// (issue 7: LCP, BENCHMARKS.md cause H).
//
// - The sign-in pages (/login, /register, /forgot-password, /reset-password/…) get their
//   markup, rendered by React from the real components (src/prerender.tsx), inside #root.
// - The dashboard's pages get a boot view beside #root: the startup spinner and, hidden, the
//   signed-in screen, which public/boot.js fills in and shows as soon as the stored session's
//   check answers (src/lib/boot-view.ts, decision 0017).
// - Every route's HTML names the chunks its first screen loads lazily (<link
//   rel="modulepreload">), so they download alongside the entry chunk, not after it.
// - A page with markup asks for no module before its first paint: the entry and its chunks
//   move from the module script and preloads into data attributes of public/boot.js, which
//   starts the app once the page is painted (decision 0014).
// - public/boot.js, which every page runs in its head, is minified (its comments are for the
//   people who read the source, and every page downloads it before it can paint) and moves to
//   assets/ under a name with its content's hash, like Vite's chunks: the server lets browsers
//   keep those for good, so a returning visit does not ask for it again before painting.
//
// The server sends `<first path segment>.html` for a route when the build wrote one
// (server/src/http/web-app.ts), index.html otherwise.
//
//   node web/scripts/prerender.mjs [DIST_DIR]   (default: web/dist)
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production build: the markup is the same, without development checks.
process.env.NODE_ENV = 'production';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(process.argv[2] ?? join(webDir, 'dist'));
// Inside the workspace, so that the server build's imports of React and the other libraries
// resolve from node_modules when Node loads it.
const ssrDir = join(webDir, 'node_modules/.cache/prerender');
const ROOT = '<div id="root"></div>';

const { build, minify } = await import('vite');

/** The server-side build of src/prerender.tsx, loaded into this process. */
async function loadRenderer() {
  await rm(ssrDir, { recursive: true, force: true });
  await mkdir(ssrDir, { recursive: true });
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      sourcemap: false,
      copyPublicDir: false,
    },
  });
  return import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
}

/**
 * The chunks (and any stylesheets) that `modules` need, from Vite's manifest, less what the
 * page already loads: the entry and its imports are in the template.
 */
function preloads(manifest, modules, template) {
  const scripts = new Set();
  const sheets = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`The manifest has no chunk for ${key}: is src/prerender.tsx current?`);
    if (chunk.isEntry || scripts.has(chunk.file)) return;
    if (!template.includes(`/${chunk.file}"`)) scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) {
      if (!template.includes(`/${sheet}"`)) sheets.add(sheet);
    }
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [
    ...[...sheets].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
}

const BOOT_SCRIPT = '<script src="/boot.js"></script>';
const BOOT_SCRIPT_START = '<script src="/boot.js"';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** boot.js minified, under a name that changes whenever its content does. */
async function hashedBootScript() {
  const source = join(distDir, 'boot.js');
  const { code, errors } = await minify('boot.js', await readFile(source, 'utf8'), {
    compress: true,
    mangle: true,
  });
  if (errors.length > 0) throw new Error(`boot.js does not minify: ${errors[0]?.message}`);
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/boot-${hash}.js`;
  await writeFile(join(distDir, file), code);
  await rm(source);
  return `/${file}`;
}

/** boot.js's element, with `attributes` added. */
function withBootAttributes(html, attributes) {
  if (!html.includes(BOOT_SCRIPT_START)) throw new Error(`index.html must hold ${BOOT_SCRIPT}`);
  return html.replace(BOOT_SCRIPT_START, () => `${BOOT_SCRIPT_START} ${attributes}`);
}

/**
 * The head of a page with something to paint before the app: boot.js starts the app after the
 * first paint, so the entry's module script and every module preload become its data.
 */
function startAfterFirstPaint(html) {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('index.html must hold the module script of the entry');
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return withBootAttributes(
    html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, ''),
    `data-entry="${entry[1]}" data-preload="${chunks.join(' ')}"`,
  );
}

/** A signed-in page: boot.js sends the stored session's check while the app loads. */
const checkSessionAtBoot = (html, path) => withBootAttributes(html, `data-session-check="${path}"`);

/** The Content-Security-Policy allows no inline script or style: prerendered markup has none. */
function assertNoInlineCode(route, markup) {
  const inline = /<script|<style|\sstyle=/i.exec(markup);
  if (inline) {
    throw new Error(`The prerendered ${route} holds "${inline[0]}", which the CSP would refuse.`);
  }
}

const template = await readFile(join(distDir, 'index.html'), 'utf8');
if (template.split(ROOT).length !== 2) {
  throw new Error(`${distDir}/index.html must hold ${ROOT} once.`);
}
if (!template.includes(BOOT_SCRIPT)) throw new Error(`index.html must hold ${BOOT_SCRIPT}`);
const bootSource = await hashedBootScript();
/** Every page names boot.js by its hashed name; the steps above still find it by its own. */
const withHashedBoot = (html) =>
  html.replace(BOOT_SCRIPT_START, () => `<script src="${bootSource}"`);
const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8'));

try {
  const { pages, pageFile, renderBootView, renderPage } = await loadRenderer();
  const written = [];
  for (const page of pages) {
    let html = template;
    if (page.prerender) {
      const markup = await renderPage(page.route);
      assertNoInlineCode(page.route, markup);
      html = html.replace(ROOT, () => `<div id="root">${markup}</div>`);
    }
    if (page.bootView) {
      const markup = await renderBootView(page.route);
      assertNoInlineCode(page.route, markup);
      html = html.replace(ROOT, () => `${markup}${ROOT}`);
    }
    const links = preloads(manifest, page.modules, template);
    html = html.replace('</head>', () => `${links.map((link) => `  ${link}\n  `).join('')}</head>`);
    if (page.prerender || page.bootView) html = startAfterFirstPaint(html);
    if (page.sessionCheck) html = checkSessionAtBoot(html, page.sessionCheck);
    const file = pageFile(page.route);
    await writeFile(join(distDir, file), withHashedBoot(html));
    const how = page.prerender ? ' (prerendered)' : page.bootView ? ' (boot view)' : '';
    written.push(`${file}${how}`);
  }
  // What the server sends for any other address, unless a route's page was written there.
  if (!pages.some((page) => pageFile(page.route) === 'index.html')) {
    await writeFile(join(distDir, 'index.html'), withHashedBoot(template));
  }
  console.log(`wrote ${written.length} pages in ${distDir}: ${written.join(', ')}`);
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
