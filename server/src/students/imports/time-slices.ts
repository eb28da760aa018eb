import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work on the event loop (reading a 10 MB upload, checking 20,000 rows) gives the loop back
 * to every other request at least every `sliceMs`: the work asks `due()` as often as it likes
 * (it only reads the clock) and, when it is, awaits `pause()`, which lets timers and I/O run
 * before it goes on (decision 0033).
 */
export function timeSlices(sliceMs = 10) {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= sliceMs,
    async pause(): Promise<void> {
      await nextTurn();
      started = performance.now();
    },
  };
}
