import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the build prerenders a page (src/prerender.tsx) and while React takes over that
 * markup in the browser, true from the render after. What only the browser knows (the stored
 * session, the colour mode) may change the screen once this is true: before, the first render
 * must match the prerendered markup exactly. On a page that was not prerendered it is true
 * from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
