import type { AccessListener, EventBus, LiveListener } from './bus.js';

/** The event bus of a single process (SQLite): publishing is calling the listeners. */
export function createMemoryBus(): EventBus {
  const listeners = new Set<LiveListener>();
  const accessListeners = new Set<AccessListener>();
  return {
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishAccessChange(change) {
      for (const listener of accessListeners) listener(change);
    },
    subscribeAccessChanges(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    started: Promise.resolve(),
    async close() {
      listeners.clear();
      accessListeners.clear();
    },
  };
}
