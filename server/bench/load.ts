import autocannon, { type Request } from 'autocannon';

export interface LoadOptions {
  origin: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  requests: Request[];
  /**
   * The server's CPU seconds so far, read around the measured window; left out when another
   * load runs at the same time, since the CPU could not be told apart.
   */
  serverCpuSeconds?: () => number;
}

export interface LoadFigures {
  connections: number;
  seconds: number;
  /** Successful (2xx) responses per second over the measured window. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  ok: number;
  /** Responses that were not 2xx, plus socket errors and timeouts: a scenario with any is void. */
  failed: number;
  statusCodes: Record<string, number>;
  /**
   * Server CPU time per successful response, in microseconds. Unlike req/s it hardly moves
   * when neighbours take CPU away, so it shows what a change did even on a busy machine.
   */
  cpuUsPerRequest: number | null;
}

/**
 * One autocannon run against 127.0.0.1, preceded by an unmeasured warm-up at the same
 * concurrency so the JIT, the database cache and the connection pool are warm. Latencies
 * are autocannon's (whole milliseconds, from request sent to response complete, 2xx only).
 */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const base = {
    url: options.origin,
    connections: options.connections,
    timeout: 10,
    requests: options.requests,
  };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const cpuBefore = options.serverCpuSeconds?.();
  const result = await autocannon({ ...base, duration: options.durationSeconds });
  const cpuAfter = options.serverCpuSeconds?.();
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  return {
    connections: options.connections,
    seconds: result.duration,
    rps: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    statusCodes,
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result['2xx'] === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / result['2xx'],
  };
}
