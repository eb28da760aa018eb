import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config, RateLimitRule } from '../config.js';
import { HttpError, problemTypes } from '../http/problem.js';

/**
 * Rate limits (docs/auth.md, 11): fixed windows counted in Redis when REDIS_URL is set, so every
 * API process shares one count, and in this process otherwise. When Redis cannot be reached
 * the limits keep applying per process until it is back, with a warning in the log: the
 * service neither fails nor stops limiting.
 */

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

export interface Counters {
  /** Raises the key's count by one and returns it, in one step: no two callers see one count. */
  incr(key: string, windowMs: number): Promise<Count>;
  read(key: string): Promise<Count>;
  /** Lowers the count of a window still running by one, never below zero. */
  decr(key: string): Promise<void>;
  /** Ends the key's window: the next count starts from zero. */
  clear(key: string): Promise<void>;
}

const MEMORY_MAX_KEYS = 100_000;

class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async incr(key: string, windowMs: number): Promise<Count> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > MEMORY_MAX_KEYS) this.prune(now);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }

  async read(key: string): Promise<Count> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { current: 0, ttl: 0 };
    return { current: window.count, ttl: window.resetAt - now };
  }

  async decr(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Drops finished windows, then the oldest ones, so a flood of keys cannot exhaust memory. */
  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MEMORY_MAX_KEYS * 0.9) break;
      this.windows.delete(key);
    }
  }
}

const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const READ_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

// Only a window that is still running is lowered: DECR on an expired key would start a
// negative count that never expires.
const DECR_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type RedisWithCounters = Redis & {
  umRateIncr(key: string, windowMs: number): Promise<[number, number]>;
  umRateRead(key: string): Promise<[number, number]>;
  umRateDecr(key: string): Promise<number>;
};

const REDIS_PREFIX = 'um:rate:';

/** Redis first; this process's own counters whenever Redis is not answering. */
class SharedCounters implements Counters {
  private degraded = false;

  constructor(
    private readonly redis: RedisWithCounters,
    private readonly fallback: MemoryCounters,
    private readonly log: FastifyBaseLogger,
  ) {}

  async read(key: string): Promise<Count> {
    const result = await this.tryRedis(() => this.redis.umRateRead(REDIS_PREFIX + key));
    return result ? { current: result[0], ttl: result[1] } : this.fallback.read(key);
  }

  async decr(key: string): Promise<void> {
    const result = await this.tryRedis(() => this.redis.umRateDecr(REDIS_PREFIX + key));
    if (result === null) await this.fallback.decr(key);
  }

  /** Both places: a count this process kept while Redis was away must not outlive it either. */
  async clear(key: string): Promise<void> {
    await this.fallback.clear(key);
    await this.tryRedis(() => this.redis.del(REDIS_PREFIX + key));
  }

  async incr(key: string, windowMs: number): Promise<Count> {
    const result = await this.tryRedis(() => this.redis.umRateIncr(REDIS_PREFIX + key, windowMs));
    return result ? { current: result[0], ttl: result[1] } : this.fallback.incr(key, windowMs);
  }

  private async tryRedis<T>(run: () => Promise<T>): Promise<T | null> {
    if (this.redis.status === 'ready') {
      try {
        const result = await run();
        if (this.degraded) {
          this.degraded = false;
          this.log.info('Redis answers again: rate limits are shared between processes');
        }
        return result;
      } catch (error) {
        this.markDegraded(error);
        return null;
      }
    }
    this.markDegraded(new Error(`Redis connection is ${this.redis.status}`));
    return null;
  }

  private markDegraded(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ err: error }, 'Redis unreachable: rate limits now count in this process only');
  }
}

/** The @fastify/rate-limit store interface over our counters; each route gets its own keys. */
function storeOf(counters: Counters): FastifyRateLimitStoreCtor {
  class CountersStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      windowMs: number,
    ): void {
      counters.incr(this.prefix + key, windowMs).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: (error: Error | null, result?: Count) => void): void {
      counters.read(this.prefix + key).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    /** Each route's per-address counts under keys of their own. */
    child(options: unknown): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new CountersStore(undefined, `ip:${String(route?.method)}:${String(route?.url)}:`);
    }
  }
  return CountersStore;
}

async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisWithCounters> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast instead of queueing: a request must not wait for Redis to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
  }) as RedisWithCounters;
  redis.defineCommand('umRateIncr', { numberOfKeys: 1, lua: INCR_SCRIPT });
  redis.defineCommand('umRateRead', { numberOfKeys: 1, lua: READ_SCRIPT });
  redis.defineCommand('umRateDecr', { numberOfKeys: 1, lua: DECR_SCRIPT });
  // Errors surface through the counters' fallback; this only keeps them out of stderr.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    log.warn({ err: error }, 'Redis unreachable at start: rate limits count in this process');
  }
  return redis;
}

function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, `Too many attempts. Please wait ${seconds} seconds and try again.`, {
    type: problemTypes.rateLimited,
    title: 'Too Many Requests',
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Registers @fastify/rate-limit without a global limit; routes opt in with `perIpLimit` and
 * handlers add per-account limits with `accountLimiter`. Keys use `request.ip`, which honours
 * TRUST_PROXY, so X-Forwarded-For counts only behind a trusted proxy.
 */
export async function registerRateLimiting(app: FastifyInstance, config: Config): Promise<void> {
  const fallback = new MemoryCounters();
  let counters: Counters = fallback;
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, app.log);
    app.addHook('onClose', () => redis.disconnect());
    counters = new SharedCounters(redis, fallback, app.log);
  }
  await app.register(rateLimit, {
    global: false,
    store: storeOf(counters),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
  app.decorate('rateLimitCounters', counters);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters every rate limit of this app counts in (registerRateLimiting). */
    rateLimitCounters: Counters;
  }
}

/** Route config for a per-client-address limit. */
export function perIpLimit(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

export interface AccountLimiter {
  /**
   * Counts one event for the account, then refuses with 429 if that count is over the limit.
   * Counting comes first and is one atomic step, so of requests sent at once at most the
   * limit's worth get through.
   */
  hit(account: string): Promise<void>;
  /** Refuses with 429 when the account has used its limit, without counting. */
  check(account: string): Promise<void>;
  /** Counts one event without refusing (for counting after the fact). */
  count(account: string): Promise<void>;
  /**
   * Runs an attempt that counts against the account only when `failed` says it failed. It is
   * counted (hit) before it runs, so parallel attempts cannot all run, and given back after.
   */
  attempt<T>(account: string, run: () => Promise<T>, failed: (result: T) => boolean): Promise<T>;
  /** Forgets the account's count: its window starts again from zero. */
  clear(account: string): Promise<void>;
}

/**
 * A limit per account (the normalised e-mail address), counted the same way whether or not an
 * account exists, so being limited tells nothing about the address.
 */
export function accountLimiter(
  app: Pick<FastifyInstance, 'rateLimitCounters'>,
  name: string,
  rule: RateLimitRule,
): AccountLimiter {
  const counters = app.rateLimitCounters;
  const keyOf = (account: string) => `account:${name}:${account}`;
  const hit = async (account: string) => {
    const { current, ttl } = await counters.incr(keyOf(account), rule.windowMs);
    if (current > rule.max) throw tooManyRequests(ttl / 1000);
  };
  return {
    hit,
    async check(account) {
      const { current, ttl } = await counters.read(keyOf(account));
      if (current >= rule.max) throw tooManyRequests(ttl / 1000);
    },
    async count(account) {
      await counters.incr(keyOf(account), rule.windowMs);
    },
    async attempt(account, run, failed) {
      await hit(account);
      let result;
      try {
        result = await run();
      } catch (error) {
        await counters.decr(keyOf(account));
        throw error;
      }
      if (!failed(result)) await counters.decr(keyOf(account));
      return result;
    },
    async clear(account) {
      await counters.clear(keyOf(account));
    },
  };
}
