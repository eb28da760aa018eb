import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';
import { pageFileFor } from './web-app.js';

const PROBLEM = /^application\/problem\+json/;
const HTML = /^text\/html/;

/** A build as web/scripts/prerender.mjs leaves it: the app's HTML and one file per route. */
function fakeBuild() {
  const dist = mkdtempSync(join(tmpdir(), 'um-web-pages-'));
  mkdirSync(join(dist, 'assets'));
  const page = (name: string) =>
    `<!doctype html><title>User Management</title><main>${name}</main>`;
  writeFileSync(join(dist, 'index.html'), page('app'));
  for (const name of ['login', 'register', 'forgot-password', 'reset-password', 'dashboard']) {
    writeFileSync(join(dist, `${name}.html`), page(name));
  }
  // Large enough to be worth compressing; the build writes a .br copy next to it.
  const login = page(`login ${'prerendered '.repeat(200)}`);
  writeFileSync(join(dist, 'login.html'), login);
  writeFileSync(join(dist, 'login.html.br'), brotliCompressSync(login));
  return dist;
}

describe('the HTML file of each client route', () => {
  let dist: string;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    dist = fakeBuild();
    t = await createTestApp('sqlite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/login?next=1', 'login'],
    ['/register', 'register'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password/MQ/abc-123', 'reset-password'],
    ['/reset-password/MQ/abc-123/', 'reset-password'],
    ['/dashboard', 'dashboard'],
  ])('%s gets %s.html, not cached without revalidation', async (url, name) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<main>${name}`);
  });

  it('gives a route the build wrote no file for, and /, the app HTML', async () => {
    for (const url of ['/', '/students', '/settings', '/profile']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<main>app</main>');
    }
  });

  it('sends the Brotli copy of a page to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<main>login');
  });

  it('answers an unknown path with the app HTML and 404 for a browser, problem JSON otherwise', async () => {
    const page = await get('/login/extra', { accept: 'text/html,application/xhtml+xml' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(HTML);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<main>app</main>');

    const other = await get('/login/extra');
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(PROBLEM);
  });
});

describe('pageFileFor', () => {
  it('names a route by its first segment when the build wrote that file', () => {
    const dist = fakeBuild();
    try {
      expect(pageFileFor(dist, '/login')).toBe('login.html');
      expect(pageFileFor(dist, '/reset-password/:id/:token')).toBe('reset-password.html');
      expect(pageFileFor(dist, '/students')).toBe('index.html');
      expect(pageFileFor(dist, '/')).toBe('index.html');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
