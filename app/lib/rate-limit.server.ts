import { data } from "@remix-run/node";
import { Redis } from "ioredis";
import { answerInPrimary, askPrimary, isClusterWorker } from "./cluster.server";

/**
 * Counters over fixed windows: in Redis when REDIS_URL is set so that every instance of the shop counts together;
 * else in the primary process of `npm start`, so that its workers count together; else in this process.
 */
interface CounterStore {
  /** Adds one; answers the count in the current window and the milliseconds until it ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  count(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

class MemoryCounters implements CounterStore {
  private counters = new Map<string, { count: number; resetAt: number }>();

  async increment(key: string, windowMs: number) {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, counter);
      if (this.counters.size > 100_000) this.sweep(now);
    }
    counter.count += 1;
    return { count: counter.count, resetInMs: counter.resetAt - now };
  }

  async count(key: string) {
    const now = Date.now();
    const counter = this.counters.get(key);
    return counter && counter.resetAt > now ? { count: counter.count, resetInMs: counter.resetAt - now } : { count: 0, resetInMs: 0 };
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  private sweep(now: number) {
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

class RedisCounters implements CounterStore {
  constructor(private redis: Redis) {}

  async increment(key: string, windowMs: number) {
    const [[, count], , [, ttl]] = (await this.redis
      .multi()
      .incr(key)
      .pexpire(key, windowMs, "NX")
      .pttl(key)
      .exec()) as [[null, number], [null, number], [null, number]];
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async count(key: string) {
    const [[, count], [, ttl]] = (await this.redis.multi().get(key).pttl(key).exec()) as [[null, string | null], [null, number]];
    return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
  }

  async reset(key: string) {
    await this.redis.del(key);
  }
}

type CounterQuestion = { operation: "increment"; key: string; windowMs: number } | { operation: "count" | "reset"; key: string };

/** The workers' counters, kept by the primary (lib/cluster.server); this process's own if the primary does not answer. */
class PrimaryCounters implements CounterStore {
  private fallback = new MemoryCounters();
  private warned = false;

  increment(key: string, windowMs: number) {
    return this.ask({ operation: "increment", key, windowMs }, () => this.fallback.increment(key, windowMs));
  }

  count(key: string) {
    return this.ask({ operation: "count", key }, () => this.fallback.count(key));
  }

  async reset(key: string) {
    await this.ask({ operation: "reset", key }, () => this.fallback.reset(key));
  }

  private async ask<Result>(question: CounterQuestion, locally: () => Promise<Result>): Promise<Result> {
    try {
      return await askPrimary<Result>(COUNTERS_TOPIC, question);
    } catch (error) {
      if (!this.warned) console.warn(`Rate limits: counting in this process only (${(error as Error).message}).`);
      this.warned = true;
      return locally();
    }
  }
}

const COUNTERS_TOPIC = "rate-limit";
const primaryCounters = new MemoryCounters();
answerInPrimary<CounterQuestion>(COUNTERS_TOPIC, (question) =>
  question.operation === "increment" ? primaryCounters.increment(question.key, question.windowMs) : primaryCounters[question.operation](question.key),
);

/**
 * Redis while it answers, the machine's own counters while it does not: the shop keeps taking sign-ins and orders
 * when Redis stops, its limits then counted per machine. One warning when Redis goes, one when it is back (ioredis
 * keeps reconnecting on its own); a request never waits for a Redis that is not connected.
 */
class RedisOrLocalCounters implements CounterStore {
  private redisCounters: RedisCounters;
  private away = false;

  constructor(
    private redis: Redis,
    private local: CounterStore,
  ) {
    this.redisCounters = new RedisCounters(redis);
    redis.on("error", (error: Error) => this.fallBack(error));
    redis.on("ready", () => {
      if (!this.away) return;
      this.away = false;
      console.warn("Rate limits: Redis is back; counting there again.");
    });
  }

  private async use<T>(count: (store: CounterStore) => Promise<T>): Promise<T> {
    if (this.redis.status === "ready") {
      try {
        return await count(this.redisCounters);
      } catch (error) {
        this.fallBack(error as Error);
      }
    }
    return count(this.local);
  }

  private fallBack(error: Error) {
    if (this.away) return;
    this.away = true;
    console.warn(`Rate limits: Redis is unreachable (${error.message}); counting on this machine until it returns.`);
  }

  increment(key: string, windowMs: number) {
    return this.use((store) => store.increment(key, windowMs));
  }

  count(key: string) {
    return this.use((store) => store.count(key));
  }

  reset(key: string) {
    return this.use((store) => store.reset(key));
  }
}

const holder = globalThis as typeof globalThis & { __bazaarCounters?: CounterStore };

/** Without Redis: the machine's counters (kept by the primary process) in a worker, else this process's. */
const localCounters = (): CounterStore => (isClusterWorker() ? new PrimaryCounters() : new MemoryCounters());

function counters(): CounterStore {
  holder.__bazaarCounters ??= process.env.REDIS_URL
    ? new RedisOrLocalCounters(
        new Redis(process.env.REDIS_URL, { keyPrefix: "bazaar:limit:", enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 }),
        localCounters(),
      )
    : localCounters();
  return holder.__bazaarCounters;
}

/** For tests: counters in this process or in the given Redis. */
export function useCounterStore(store: "memory" | Redis) {
  holder.__bazaarCounters = store === "memory" ? new MemoryCounters() : new RedisCounters(store);
}

export interface Limit {
  /** At most this many… */
  limit: number;
  /** …in a window this long. */
  windowMs: number;
}

/** POSTs to sign-in and one-time-code forms, per visitor address (AUTH_POSTS_PER_MINUTE, default 10). */
export const AUTH_POSTS_PER_IP: Limit = { limit: Number(process.env.AUTH_POSTS_PER_MINUTE) || 10, windowMs: 60_000 };

/** Counts one more request for `key`; refuses with 429 and a Retry-After once over the limit. */
export async function enforceLimit(key: string, { limit, windowMs }: Limit): Promise<void> {
  const { count, resetInMs } = await counters().increment(key, windowMs);
  if (count > limit) throw tooManyRequests(resetInMs);
}

/** A 429 the error page explains ("wait N seconds"). */
export function tooManyRequests(resetInMs: number) {
  const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
  return data({ retryAfter }, { status: 429, headers: { "Retry-After": String(retryAfter), "Cache-Control": "private, no-store" } });
}

/** Failures before an account's sign-in is held back; each further failure doubles the wait. */
const FREE_FAILURES = 5;
const BACKOFF_BASE_MS = 60_000;
const FAILURE_WINDOW_MS = 60 * 60_000;

/**
 * Back-off per account after repeated failures (wrong passwords, wrong codes), whatever address they come
 * from: after 5 failures within an hour the account waits 1 minute, then 2, 4, … before the next try counts.
 */
export const accountBackoff = {
  async check(account: string): Promise<void> {
    const { count } = await counters().count(`fail:${account}`);
    if (count < FREE_FAILURES) return;
    const { count: held, resetInMs } = await counters().count(`hold:${account}`);
    if (held > 0) throw tooManyRequests(resetInMs);
  },
  async failed(account: string): Promise<void> {
    const { count } = await counters().increment(`fail:${account}`, FAILURE_WINDOW_MS);
    if (count >= FREE_FAILURES) {
      const wait = Math.min(BACKOFF_BASE_MS * 2 ** (count - FREE_FAILURES), FAILURE_WINDOW_MS);
      await counters().reset(`hold:${account}`);
      await counters().increment(`hold:${account}`, wait);
    }
  },
  async succeeded(account: string): Promise<void> {
    await counters().reset(`fail:${account}`);
    await counters().reset(`hold:${account}`);
  },
};
