import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signedInShellModules, staticChunks } from '../src/build-manifest.js';
import type { Manifest } from '../src/build-manifest.js';

// What a page of the built web app loads first, read from Vite's manifest
// (src/build-manifest.ts). Sizes are gzip at zlib's default level, in bytes.

/**
 * The lazily loaded modules each measured page renders or asks its data with, as router.tsx
 * imports them.
 */
export const pageModules = {
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/dashboard': signedInShellModules,
} as const;

export type MeasuredPage = keyof typeof pageModules;

/**
 * The HTML the server sends for each measured page: /login's is pre-rendered (decision 0081),
 * every signed-in route gets the single-page app's shell, which preloads the signed-in frame
 * (decision 0084).
 */
export const pageHtml: Record<MeasuredPage, string> = {
  '/login': 'login.html',
  '/dashboard': 'index.html',
};

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const [entry] = entries;
  if (!entry || entries.length !== 1) {
    throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}.`);
  }
  return entry[0];
}

export interface InitialAssets {
  js: string[];
  css: string[];
}

/**
 * The files a page needs before it can show anything: the entry chunk, the page's lazily
 * loaded modules, and every chunk those import statically, with their stylesheets.
 */
export function initialAssets(manifest: Manifest, roots: readonly string[]): InitialAssets {
  const chunks = staticChunks(manifest, [entryKey(manifest), ...roots]);
  return {
    js: chunks.map((chunk) => chunk.file),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

/**
 * Every script one HTML file of the build (`index.html`, or a pre-rendered page's) loads by
 * itself, as paths inside the build: classic and module scripts and module preloads.
 */
export function htmlScripts(distDir: string, htmlFile: string): string[] {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const urls = [
    ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]),
  ];
  return [...new Set(urls.map((url) => (url ?? '').replace(/^\//, '')))];
}

/**
 * Every script a page loads before it shows anything: what its own HTML asks for, and the
 * chunks of the page's route screens with all they import, which the router asks for as it
 * starts.
 */
export function pageScripts(distDir: string, manifest: Manifest, page: MeasuredPage): string[] {
  return [
    ...new Set([
      ...htmlScripts(distDir, pageHtml[page]),
      ...initialAssets(manifest, pageModules[page]).js,
    ]),
  ];
}

export function gzipBytes(distDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).length, 0);
}

/**
 * The screens router.tsx loads with `import()`, as manifest keys (paths from web/). A screen's
 * module is named for its component (`LoginPage`, `AppShell`); the lower-case modules it also
 * imports hold what loaders ask for, and may share their screen's chunk.
 */
export function lazyRouteModules(routerSource: string, manifest: Manifest): string[] {
  const modules = new Set<string>();
  for (const match of routerSource.matchAll(
    /import\(\s*'(\.{1,2}\/(?:[^']+\/)?[A-Z][^'/]*)'\s*\)/g,
  )) {
    const relative = match[1] ?? '';
    const resolved = new URL(relative, 'file:///web/src/app/').pathname.replace(/^\/web\//, '');
    modules.add([`${resolved}.tsx`, `${resolved}.ts`].find((key) => key in manifest) ?? resolved);
  }
  return [...modules];
}
