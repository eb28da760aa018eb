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
 * The app's shell without the signed-in frame's preloads (web/scripts/prerender.mjs), for the
 * other screens a signed-out visitor opens: a password-reset link, the OpenID provider's return
 * and the second step of a sign-in. index.html asks for the signed-in frame's chunks with the
 * entry (docs/web.md, "First paint"), which a phone would otherwise fetch before the screen it
 * came for.
 */
const SIGNED_OUT_SHELL = 'signed-out.html';
const SIGNED_OUT_ROUTES: readonly string[] = [
  appRoutes.resetPassword,
  appRoutes.oidcCallback,
  appRoutes.secondStep,
];

/**
 * Serves the built web app from one origin with the API. Vite's hashed assets are cached for
 * a year; the HTML is revalidated on every load so a deploy is picked up at once.
 *
 * The returned fallback answers the web app's routes (docs/product.md) with index.html, the
 * app's shell: the app routes in the browser. The pre-rendered public pages, and the other
 * signed-out screens, get their own file when the build made it (`npm run build` does; a build
 * without it still works from the shell). Any other path is a 404, stored by no cache: a
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

  // Each route's page, or the app's shell where the build has not written that page.
  const pageOf = (route: string) => {
    const file = PRERENDERED[route] ?? (SIGNED_OUT_ROUTES.includes(route) ? SIGNED_OUT_SHELL : '');
    return file && existsSync(join(distDir, file)) ? file : APP_HTML;
  };
  const clientRoutes = FindMyWay({ ignoreTrailingSlash: true });
  for (const route of ['/', ...Object.values(appRoutes)]) {
    clientRoutes.on('GET', route, () => undefined, { file: pageOf(route) });
  }

  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0] ?? '/';
    const match = clientRoutes.find('GET', path);
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    if (!match && !wantsPage) return undefined;
    if (!match) return reply.code(404).sendFile(APP_HTML);
    return reply.code(200).sendFile((match.store as { file: string }).file);
  };
}
