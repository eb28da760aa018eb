import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every path into the repository that the docs name exists, so that moving or removing a file
 * means updating the docs that describe it. The rule is kept simple:
 *
 * - A path is inline code without spaces that starts with a top folder of the repository
 *   (`server/`, `web/`, `contract/`, `e2e/`, `scripts/`, `docs/`, `.ci/`), read from the
 *   repository's root; or a link's target that is neither a URL nor an anchor, read from the
 *   linking file's folder, as GitHub reads it. A name such as `db/paging.ts`, written from
 *   inside server/src/, is not checked: its root is the reader's to guess.
 * - Forms the docs use for several files: braces name each of them (`api-{sqlite,postgres}.json`,
 *   every name checked); a glob (`*.test.ts`, `**`) or a placeholder (`<feature>`) is checked up
 *   to the folder before it; and `dist/`, which a build writes, up to the folder it is written in.
 * - A decision record is not rewritten when a file it names moves; a bullet of its "Files named
 *   here" section says where the file went. The names such a bullet opens with, before its
 *   colon, may be missing anywhere in that record; where they went must exist.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const topFolders = ['server/', 'web/', 'contract/', 'e2e/', 'scripts/', 'docs/', '.ci/'];

function namedPaths(file, text) {
  return text.split('\n').flatMap((line, index) => {
    const codePaths = [...line.matchAll(/`([^`\s]+)`/g)]
      .map(([, code]) => ({ written: code, path: code }))
      .filter(({ path }) => topFolders.some((folder) => path.startsWith(folder)));
    const linkPaths = [...line.matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target)
      .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
      .map((target) => ({
        written: target,
        path: posix.join(posix.dirname(file), target.replace(/#.*$/, '')),
      }));
    return [...codePaths, ...linkPaths].map((named) => ({ ...named, line: index + 1 }));
  });
}

function expandBraces(path) {
  const braces = /\{([^{}]*)\}/.exec(path);
  if (!braces) return [path];
  const before = path.slice(0, braces.index);
  const after = path.slice(braces.index + braces[0].length);
  return braces[1].split(',').flatMap((name) => expandBraces(before + name + after));
}

function checkedPart(path) {
  const segments = path.split('/');
  const open = segments.findIndex((segment) => segment === 'dist' || /[*<]/.test(segment));
  return open === -1 ? path : segments.slice(0, open).join('/');
}

function formerNames(text) {
  const section = text.split(/^## Files named here$/m)[1] ?? '';
  return new Set(
    section
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .flatMap((line) => [...line.split(/:\s/)[0].matchAll(/`([^`]+)`/g)])
      .flatMap(([, names]) => names.split(/,\s*/)),
  );
}

/** `file:line: path` for each path `file` names that `exists` does not find. */
function missingPaths(file, text, exists) {
  const former = formerNames(text);
  return namedPaths(file, text)
    .filter(({ written }) => !former.has(written))
    .filter(({ path }) => expandBraces(path).some((name) => !exists(checkedPart(name))))
    .map(({ line, written }) => `${file}:${line}: ${written}`);
}

const inRepository = (path) => existsSync(join(root, path));

function markdownFiles() {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => posix.join('docs', path.split(/[\\/]/).join('/')));
  return [...docs.sort(), 'README.md', 'BENCHMARKS.md'];
}

describe('paths named in the docs', () => {
  it('exist, in every Markdown file under docs/, README.md and BENCHMARKS.md', () => {
    const missing = markdownFiles().flatMap((file) =>
      missingPaths(file, readFileSync(join(root, file), 'utf8'), inRepository),
    );
    expect(missing).toEqual([]);
  });
});

describe('the rule', () => {
  const tree = new Set([
    'server',
    'server/src',
    'server/src/app.ts',
    'server/bench/results/api-sqlite.json',
    'server/bench/results/api-postgres.json',
    'web',
    'web/src/features',
    'docs/decisions/0001-one.md',
    'docs/api.md',
  ]);
  const exists = (path) => tree.has(path.replace(/\/$/, ''));

  it('names each inline-code path that is not there, with its line', () => {
    const text = 'Wired in `server/src/app.ts`.\nSee `server/src/ap.ts` and `web/src/gone/`.';
    expect(missingPaths('docs/api.md', text, exists)).toEqual([
      'docs/api.md:2: server/src/ap.ts',
      'docs/api.md:2: web/src/gone/',
    ]);
  });

  it("reads a link from the linking file's folder, and leaves URLs and anchors alone", () => {
    const text =
      '[0001](0001-one.md), [0002](0002-two.md), [api](../api.md#access), [up](../decisions.md),\n' +
      '[site](https://example.org/server/x.ts), [below](#context)';
    expect(missingPaths('docs/decisions/README.md', text, exists)).toEqual([
      'docs/decisions/README.md:1: 0002-two.md',
      'docs/decisions/README.md:1: ../decisions.md',
    ]);
  });

  it('leaves out code that does not start at a top folder, or holds a space', () => {
    const text = '`db/paging.ts`, `application/json`, `server/src/a.ts, server/src/b.ts`';
    expect(missingPaths('README.md', text, exists)).toEqual([]);
  });

  it('checks every name in braces, and globs, placeholders and dist/ up to their folder', () => {
    const fine =
      '`server/bench/results/api-{sqlite,postgres}.json`, `server/src/**/*.ts`, ' +
      '`web/src/features/<feature>/`, `web/dist`, `server/dist/main.js`';
    expect(missingPaths('README.md', fine, exists)).toEqual([]);
    const wrong = '`server/bench/results/api-{sqlite,mysql}.json`, `server/test/*.ts`, `e2e/dist`';
    expect(missingPaths('README.md', wrong, exists)).toEqual([
      'README.md:1: server/bench/results/api-{sqlite,mysql}.json',
      'README.md:1: server/test/*.ts',
      'README.md:1: e2e/dist',
    ]);
  });

  it('lets a record name a file its "Files named here" section says has gone', () => {
    const text = [
      'Paging was `server/src/db/json-page.ts`, then `server/src/db/keyset.ts`.',
      '',
      '## Files named here',
      '',
      '- `server/src/db/json-page.ts, web/src/boot.js`: now `server/src/db/paging.ts`.',
    ].join('\n');
    expect(missingPaths('docs/decisions/0035-x.md', text, exists)).toEqual([
      'docs/decisions/0035-x.md:1: server/src/db/keyset.ts',
      'docs/decisions/0035-x.md:5: server/src/db/paging.ts',
    ]);
  });
});
