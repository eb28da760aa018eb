import { useCallback, useRef } from 'react';

/**
 * Remembers which element had focus when something opened (a form, a composer) and puts focus
 * back there when it closes, or on `fallback` when that element has gone meanwhile.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);

  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);

  const restore = useCallback((fallback?: HTMLElement | null) => {
    const target = opener.current?.isConnected ? opener.current : fallback;
    opener.current = null;
    target?.focus();
  }, []);

  return { remember, restore };
}
