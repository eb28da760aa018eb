import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config, RateLimitRule } from '../config.js';
import { HttpError, problemTypes } from '../http/problem.js';

/**
 * Rate limits (DESIGN.md 5): fixed windows counted in Redis when REDIS_URL is set, so every
 * API process shares one count, and in this process otherwise. When Redis cannot be reached
 * the limits keep applying per process until it is back, with a warning in the log: the
 * service neither fails nor stops limiting.
 */

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface Counters {
  incr(key: string, windowMs: number): Promise<Count>;
  read(key: string): Promise<Count>;
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

type RedisWithCounters = Redis & {
  umRateIncr(key: string, windowMs: number): Promise<[number, number]>;
  umRateRead(key: string): Promise<[number, number]>;
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

  async incr(key: string, windowMs: number): Promise<Count> {
    const result = await this.tryRedis(() => this.redis.umRateIncr(REDIS_PREFIX + key, windowMs));
    return result ?? this.fallback.incr(key, windowMs);
  }

  async read(key: string): Promise<Count> {
    const result = await this.tryRedis(() => this.redis.umRateRead(REDIS_PREFIX + key));
    return result ?? this.fallback.read(key);
  }

  private async tryRedis(run: () => Promise<[number, number]>): Promise<Count | null> {
    if (this.redis.status === 'ready') {
      try {
        const [current, ttl] = await run();
        if (this.degraded) {
          this.degraded = false;
          this.log.info('Redis answers again: rate limits are shared between processes');
        }
        return { current, ttl };
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

    child(options: unknown): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const prefix =
        typeof route?.url === 'string' ? `ip:${String(route.method)}:${route.url}:` : 'account:';
      return new CountersStore(undefined, prefix);
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
}

/** Route config for a per-client-address limit. */
export function perIpLimit(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

export interface AccountLimiter {
  /** Counts one event for the account; 429 once the limit is passed. */
  hit(request: FastifyRequest, account: string): Promise<void>;
  /** Refuses with 429 when the account has used its limit, without counting. */
  check(request: FastifyRequest, account: string): Promise<void>;
  /** Counts one event without refusing (for counting failures after the fact). */
  count(request: FastifyRequest, account: string): Promise<void>;
}

const accountKey = Symbol('rate-limit account key');
type KeyedRequest = FastifyRequest & { [accountKey]?: string };

/**
 * A limit per account (the normalised e-mail address), counted the same way whether or not an
 * account exists, so being limited tells nothing about the address.
 */
export function accountLimiter(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  name: string,
  rule: RateLimitRule,
) {
  const limit = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:${(request as KeyedRequest)[accountKey] ?? ''}`,
  });
  const run = async (request: FastifyRequest, account: string, increment: boolean) => {
    (request as KeyedRequest)[accountKey] = account;
    return limit(request, { increment });
  };
  return {
    async hit(request, account) {
      const state = await run(request, account, true);
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(state.ttlInSeconds);
    },
    async check(request, account) {
      const state = await run(request, account, false);
      if (!state.isAllowed && state.remaining <= 0) throw tooManyRequests(state.ttlInSeconds);
    },
    async count(request, account) {
      await run(request, account, true);
    },
  } satisfies AccountLimiter;
}
