import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's chunk; rendering it after this has resolved never suspends. */
  preload: () => Promise<unknown>;
};

/**
 * A screen in a chunk of its own, like `React.lazy`, that can also be loaded before it renders.
 *
 * `React.lazy` suspends the first time it renders even when its chunk is already in the
 * browser, because a promise always calls back later. The Suspense fallback that then shows
 * holds the screen back for React's reveal throttle (300 ms), which is what a signed-in page
 * waited after its session check on every cold load. Once the chunk has loaded, this hands
 * `React.lazy` a thenable that calls back at once, so the screen renders in the same pass.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = { default: component };
      return loaded;
    }));
  const Screen = lazy(() => (loaded ? alreadyFulfilled(loaded) : preload()));
  return Object.assign(Screen, { preload });
}

/**
 * React.lazy reads its loader's result only through `then(onFulfilled, onRejected)`; when
 * `onFulfilled` runs before `then` returns, it renders the component without suspending
 * (React 19's lazyInitializer). A real promise can never do that.
 */
function alreadyFulfilled<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) };
  return thenable as unknown as Promise<T>;
}
