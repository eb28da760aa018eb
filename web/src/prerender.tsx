import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { appRoutes } from '@um/contract';
import { appRouteObjects } from './app/router';

export { signedInShellModules } from './signed-in-frame';

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

/** A chunk of Vite's manifest (`build.manifest`), as far as the preloads read it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * `html` with a `<link rel="modulepreload">` for each chunk of `modules` and every chunk they
 * import, that the HTML does not load already. index.html only: the public pages are written
 * from the plain shell, so a visitor of /login loads nothing of the signed-in app.
 */
export function withModulePreloads(
  html: string,
  manifest: Record<string, ManifestChunk>,
  modules: readonly string[],
): string {
  const loaded = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="\/([^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}.`);
    if (!loaded.has(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  if (!html.includes('</head>')) throw new Error('The HTML has no </head>.');
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
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
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return text(prelude);
}
