import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is the HTML pre-rendered at build time (src/prerender.tsx) or being
 * hydrated from it, true once React runs it; always true for a page rendered in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
