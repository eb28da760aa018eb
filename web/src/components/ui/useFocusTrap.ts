import { useEffectEvent, useLayoutEffect } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * While `active`, keeps keyboard focus inside `container` (Tab and Shift+Tab wrap around),
 * calls `onEscape` on Escape, and on deactivation puts focus back where it was before.
 * Focus starts on the element marked `data-autofocus`, else on the first focusable one.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
): void {
  const escape = useEffectEvent(onEscape);

  // In the render that opens or closes the container: Preact runs a plain effect, and its
  // cleanup, only after the next paint.
  useLayoutEffect(() => {
    const element = container.current;
    if (!active || !element) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const initial =
      element.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(element)[0] ?? element;
    initial.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!element) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(element);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !element.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !element.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [active, container]);
}
