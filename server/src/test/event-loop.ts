/**
 * Watches this process's event loop while something runs: a timer asks to run every 5 ms. The
 * longest it had to wait is how long the loop was kept from everything else (a request arriving
 * meanwhile would have waited as long); how often it ran says how often the loop came round.
 */
export function watchEventLoop() {
  let last = performance.now();
  let longestGapMs = 0;
  let ticks = 0;
  const interval = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    ticks += 1;
  }, 5);
  return {
    /** Stops watching, once the loop has come round once more to see the last gap. */
    async stop(): Promise<{ longestGapMs: number; ticks: number }> {
      await new Promise((resolve) => setTimeout(resolve, 6));
      clearInterval(interval);
      return { longestGapMs, ticks };
    },
  };
}
