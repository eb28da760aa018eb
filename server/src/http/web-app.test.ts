import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';

const PROBLEM = /^application\/problem\+json/;
const HTML = /^text\/html/;

/**
 * A build as `npm run build` leaves it: the app's shell with a Brotli copy beside it, the login
 * page pre-rendered and the signed-out screens' shell (web/scripts/prerender.mjs); this build has
 * no other page's file.
 */
function fakeBuild() {
  const dist = mkdtempSync(join(tmpdir(), 'um-web-pages-'));
  mkdirSync(join(dist, 'assets'));
  // Large enough to be worth compressing, as web/scripts/precompress.mjs finds it.
  const app = `<!doctype html><title>User Management</title><main>app ${'padding '.repeat(200)}</main>`;
  writeFileSync(join(dist, 'index.html'), app);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(app));
  writeFileSync(join(dist, 'login.html'), '<main>the login form</main>');
  writeFileSync(join(dist, 'signed-out.html'), '<main>the shell without preloads</main>');
  // A file beside index.html that no route may be answered with.
  writeFileSync(join(dist, 'students.html'), '<main>not the app</main>');
  return dist;
}

describe('the HTML of the client routes', () => {
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

  it.each(['/login', '/login/', '/login?next=1'])(
    '%s gets the pre-rendered login page, with the same headers as the app',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toBe(
        (await get('/dashboard')).headers['content-security-policy'],
      );
      expect(response.body).toBe('<main>the login form</main>');
    },
  );

  it.each([
    '/reset-password/MQ/abc-123',
    '/reset-password/MQ/abc-123/',
    '/login/oidc?code=abc&state=def',
    '/login/verify',
  ])(
    '%s gets the shell without the signed-in preloads, with the same headers as the app',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(
        (await get('/dashboard')).headers['content-security-policy'],
      );
      expect(response.body).toBe('<main>the shell without preloads</main>');
    },
  );

  it.each([
    '/',
    '/register',
    '/forgot-password',
    '/dashboard',
    '/students',
    '/settings',
    '/profile',
  ])('%s gets index.html, not cached without revalidation', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<main>app ');
  });

  it('sends the Brotli copy of a page to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/students',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<main>app ');
  });

  it('answers an unknown path with the app HTML and 404 for a browser, problem JSON otherwise, stored by no cache', async () => {
    for (const url of ['/login/extra', '/api/user/nothing/', '/management/nothing/7/']) {
      const page = await get(url, { accept: 'text/html,application/xhtml+xml' });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toMatch(HTML);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<main>app ');

      const other = await get(url);
      expect(other.statusCode, url).toBe(404);
      expect(other.headers['content-type']).toMatch(PROBLEM);
      expect(other.headers['cache-control']).toBe('no-store');
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/user/profile/' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers['cache-control']).toBe('no-store');
  });
});
