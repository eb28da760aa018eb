import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, spawnTracked } from './processes.js';

export interface RedisServer {
  url: string;
  /** kill -9, as when Redis crashes or its machine goes away. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved). */
  start(): Promise<void>;
  /** Keys under a prefix, read with a client of the test's own. */
  keys(pattern: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A redis-server of this test's own on a free port, with nothing saved to disk, so killing it
 * leaves the machine's shared Redis (which other tests use) alone.
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let current: ReturnType<typeof spawnTracked> | null = null;

  const start = async () => {
    current = spawnTracked(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { PATH: process.env['PATH'] ?? '' },
    );
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const client = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        retryStrategy: () => null,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        await sleep(50);
      } finally {
        client.disconnect();
      }
    }
    throw new Error(`redis-server did not start:\n${current.output()}`);
  };

  const kill = async () => {
    const running = current?.child;
    current = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async keys(pattern) {
      const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
      await client.connect();
      try {
        return await client.keys(pattern);
      } finally {
        client.disconnect();
      }
    },
    stop: kill,
  };
}
