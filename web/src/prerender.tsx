import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { appRoutes } from '@um/contract';
import { appRouteObjects } from './app/router';

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
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
