import { renderToStringAsync } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { StrictMode } from 'react';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { appRoutes } from '@um/contract';
import { appRouteObjects } from './app/router';

import { staticChunks } from './build-manifest';
import type { Manifest } from './build-manifest';

export { signedInShellModules } from './build-manifest';

/**
 * The public pages whose HTML holds their screen at build time (by their routes' ids), so the form paints before any
 * script has run; the browser then hydrates it (src/main.tsx). The server sends each one's file
 * for its path and index.html, the single-page app's shell, for every other route.
 */
export const prerenderedPages = [
  { id: 'login', path: appRoutes.login },
  { id: 'register', path: appRoutes.register },
  { id: 'forgot-password', path: appRoutes.forgotPassword },
] as const;

/**
 * `html` with a `<link rel="modulepreload">` for each chunk of `modules` and every chunk they
 * import, that the HTML does not load already. index.html only: the public pages are written
 * from the plain shell, so a visitor of /login loads nothing of the signed-in app.
 *
 * They are asked for at low priority: on a slow line they would otherwise share it evenly with
 * the entry and the stylesheet, and the entry, which starts the session check, would arrive
 * with the last of them. First, it runs while they come (decision 0093).
 */
export function withModulePreloads(
  html: string,
  manifest: Manifest,
  modules: readonly string[],
): string {
  const loaded = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="\/([^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  const files = staticChunks(manifest, modules)
    .map((chunk) => chunk.file)
    .filter((file) => !loaded.has(file));
  if (!html.includes('</head>')) throw new Error('The HTML has no </head>.');
  const links = files.map(
    (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`,
  );
  return html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * `path`'s screen rendered through React Router's static handler from the app's own route
 * table and components, as a signed-out visitor sees it: the markup for index.html's #root.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(appRouteObjects());
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response)
    throw new Error(`${path} answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data in the page: the Content-Security-Policy allows no inline script, and
  // every loader of these pages answers null for a signed-out visitor (src/main.tsx).
  const page = (
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>
  );
  // Rendered by the runtime that hydrates it, so the ids of `useId` match (decision 0092); the
  // app is written against React's types, which Preact's compat layer implements.
  return renderToStringAsync(page as unknown as VNode);
}
