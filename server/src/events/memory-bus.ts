import type { EventBus, LiveListener } from './bus.js';

/** The event bus of a single process (SQLite): publishing is calling the listeners. */
export function createMemoryBus(): EventBus {
  const listeners = new Set<LiveListener>();
  return {
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    started: Promise.resolve(),
    async close() {
      listeners.clear();
    },
  };
}
