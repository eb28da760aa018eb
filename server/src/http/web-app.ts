import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import FindMyWay from 'find-my-way';
import { appRoutes } from '@um/contract';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const APP_HTML = 'index.html';
/**
 * The public pages the web build pre-renders (web/src/prerender.tsx), each into a file of its
 * own beside index.html that already holds the page's form.
 */
const PRERENDERED: Record<string, string> = {
  [appRoutes.login]: 'login.html',
  [appRoutes.register]: 'register.html',
  [appRoutes.forgotPassword]: 'forgot-password.html',
};

/**
 * Serves the built web app from one origin with the API. Vite's hashed assets are cached for
 * a year; the HTML is revalidated on every load so a deploy is picked up at once.
 *
 * The returned fallback answers the web app's routes (docs/product.md) with index.html, the
 * app's shell: the app routes in the browser. The pre-rendered public pages get their own file
 * when the build made it (`npm run build` does; a build without it still works from the shell). Any other path is a 404, stored by no cache: a
 * browser asking for a page still gets the app (with status 404) so it can show its not-found
 * screen, and every other client gets problem JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (web/scripts/precompress.mjs); a
    // browser that accepts them gets them, a third to a quarter of the bytes.
    preCompressed: true,
    // A page is revalidated on every load; the page of a 404 is not kept at all, so that a
    // path the API may answer later (or what was typed into it) leaves nothing in a cache.
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.startsWith(join(distDir, 'assets'))
          ? IMMUTABLE
          : reply.statusCode === 404
            ? 'no-store'
            : 'no-cache',
      );
    },
  });

  const prerendered = new Map(
    Object.entries(PRERENDERED).filter(([, file]) => existsSync(join(distDir, file))),
  );
  const clientRoutes = FindMyWay({ ignoreTrailingSlash: true });
  for (const route of ['/', ...Object.values(appRoutes)]) {
    clientRoutes.on('GET', route, () => undefined);
  }

  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0] ?? '/';
    const match = clientRoutes.find('GET', path);
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    if (!match && !wantsPage) return undefined;
    if (!match) return reply.code(404).sendFile(APP_HTML);
    const page = path.length > 1 ? path.replace(/\/$/, '') : path;
    return reply.code(200).sendFile(prerendered.get(page) ?? APP_HTML);
  };
}
