import { useState, useSyncExternalStore } from 'react';

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

/**
 * Whether this component first appeared after the page was taken over (a screen opened in the
 * browser), rather than in the prerendered markup the browser painted before any JavaScript.
 * Fixed for the component's lifetime.
 */
export function useMountedAfterHydration(): boolean {
  const hydrated = useHydrated();
  const [mountedAfterHydration] = useState(hydrated);
  return mountedAfterHydration;
}
