import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths that belong to the API; an unknown one there is a 404 problem, never the web app. */
const API_PREFIXES = ['/api/', '/management/', '/docs', '/healthz', '/readyz'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from one origin with the API. Vite's hashed assets are cached for
 * a year; index.html is revalidated on every load so a deploy is picked up at once. The
 * returned fallback answers client routes (/students, /reset-password/…) with index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : 'no-cache',
      );
    },
  });

  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some(
        (prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix),
      ) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!isPageRequest) return undefined;
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
}
