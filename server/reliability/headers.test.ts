import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@um/contract';
import { call, isProblem } from './support/api.js';
import { killAllChildren, startServer, tempDir, type ServerProcess } from './support/processes.js';

/**
 * The headers every answer of the real process carries (docs/api.md, "Security headers"): the
 * policy that keeps a script out of a page holding tokens in local storage, and the ones that
 * keep the page out of frames, its referrer short, its content types believed, and other
 * origins out of the API.
 */

const APP_URL = 'https://school.example';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Sends raw bytes and returns the raw answer, for what Node's HTTP parser refuses. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('security headers of the server process', () => {
  let production: ServerProcess;
  let development: ServerProcess;

  beforeAll(async () => {
    const dir = tempDir('um-rel-headers-');
    [production, development] = await Promise.all([
      startServer({
        databaseUrl: `sqlite:${dir}/production.db`,
        dataDir: dir,
        env: { APP_URL },
      }),
      startServer({
        databaseUrl: `sqlite:${dir}/development.db`,
        dataDir: dir,
        env: { APP_URL, NODE_ENV: 'development' },
      }),
    ]);
  });
  afterAll(killAllChildren);

  /** One answer of each kind: success, not found, unauthenticated, refused body, wrong method. */
  const answers = (server: ServerProcess) =>
    Promise.all([
      call(server.origin, 'GET', apiPaths.health),
      call(server.origin, 'GET', '/nowhere'),
      call(server.origin, 'GET', apiPaths.students),
      call(server.origin, 'POST', apiPaths.login, { body: { email: 'x' } }),
      call(server.origin, 'DELETE', apiPaths.health),
    ]);

  it('sends a strict Content-Security-Policy with no inline script on every kind of answer', async () => {
    for (const answer of await answers(production)) {
      const policy = directives(answer.headers.get('content-security-policy') ?? '');
      expect(policy.get('default-src')).toEqual(["'self'"]);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts).toContain("'self'");
      for (const loose of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:']) {
        expect(scripts).not.toContain(loose);
      }
      expect(scripts.every((source) => source === "'self'" || source.startsWith('https://'))).toBe(
        true,
      );
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('sends nosniff, a strict-origin referrer policy and DENY for frames on every kind of answer', async () => {
    for (const answer of await answers(production)) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('sends HSTS for a year with subdomains in production, and none in development', async () => {
    for (const answer of await answers(production)) {
      const hsts = answer.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
    }
    for (const answer of await answers(development)) {
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('allows cross-origin calls from APP_URL only, in preflights and in the calls themselves', async () => {
    const preflight = (origin: string) =>
      call(production.origin, 'OPTIONS', apiPaths.students, {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(APP_URL);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_URL);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    for (const origin of ['https://evil.example', 'https://school.example.evil.example', 'null']) {
      const refused = await preflight(origin);
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
      const simple = await call(production.origin, 'GET', apiPaths.health, { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const same = await call(production.origin, 'GET', apiPaths.health, {
      headers: { origin: APP_URL },
    });
    expect(same.headers.get('access-control-allow-origin')).toBe(APP_URL);
  });

  it('answers headers over 16 kB and a request that is not HTTP with problem JSON, and keeps serving', async () => {
    const huge = await call(production.origin, 'GET', apiPaths.health, {
      headers: { 'x-padding': 'x'.repeat(20 * 1024) },
    });
    expect(isProblem(huge, 431), huge.text).toBe(true);
    const garbage = await rawExchange(production.port, 'HELLO /\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toMatch(/content-type: application\/problem\+json/i);
    const badPath = await call(production.origin, 'GET', '/management/standard/%zz/');
    expect(isProblem(badPath, 400), badPath.text).toBe(true);
    expect((await call(production.origin, 'GET', apiPaths.ready)).status).toBe(200);
  });
});
