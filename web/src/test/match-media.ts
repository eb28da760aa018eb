type Listener = (event: MediaQueryListEvent) => void;

let systemDark = false;
const listeners = new Set<Listener>();

/** jsdom has no matchMedia; this one answers the colour-scheme query and can flip it. */
export function installMatchMedia(): void {
  systemDark = false;
  listeners.clear();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('prefers-color-scheme: dark') ? systemDark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
}

/** Changes the operating system's colour scheme and tells whoever listens. */
export function setSystemDark(dark: boolean): void {
  systemDark = dark;
  for (const listener of [...listeners]) {
    listener({ matches: dark, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
  }
}
