type Listener = (event: MediaQueryListEvent) => void;

let systemDark = false;
let wideScreen = false;
const colourListeners = new Set<Listener>();
const widthListeners = new Set<Listener>();

const isWidthQuery = (query: string) => query.includes('width');

/**
 * jsdom has no matchMedia; this one answers the colour-scheme query and the width queries
 * (a phone's width unless told otherwise), and can flip them.
 */
export function installMatchMedia(): void {
  systemDark = false;
  wideScreen = false;
  colourListeners.clear();
  widthListeners.clear();
  window.matchMedia = (query: string) => {
    const listeners = isWidthQuery(query) ? widthListeners : colourListeners;
    return {
      get matches() {
        if (isWidthQuery(query)) return wideScreen;
        return query.includes('prefers-color-scheme: dark') ? systemDark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Changes the operating system's colour scheme and tells whoever listens. */
export function setSystemDark(dark: boolean): void {
  systemDark = dark;
  for (const listener of [...colourListeners]) {
    listener({ matches: dark, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
  }
}

/** Makes the window as wide as a desktop's (or a phone's again) and tells whoever listens. */
export function setWideScreen(wide: boolean): void {
  wideScreen = wide;
  for (const listener of [...widthListeners]) {
    listener({ matches: wide, media: '(min-width: 768px)' } as MediaQueryListEvent);
  }
}
