import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import Pusher from "pusher";
import { broadcastToWorkers, isClusterWorker, onBroadcast } from "./cluster.server";

/*
 * Live updates to signed-in people (issue 16; docs/decisions/0024-live-updates.md). An event names what changed —
 * never its content, which the browser then reads through its own authorised pages — and goes to users by id:
 * - by default to this process's Server-Sent Events streams (routes/live.ts), and to those of the other workers of
 *   `npm start` through its primary process (lib/cluster.server);
 * - with REDIS_URL, through Redis pub/sub, so a stream on any process of the shop hears it;
 * - with the PUSHER_APP_* keys, to Pusher's private channel of each user, which only that user's browser may join
 *   (routes/live.pusher-auth.ts signs the subscription for the session's own channel only).
 */

export type LiveNews = { type: "chat"; conversation_id: number; shop_id: number } | { type: "ticket"; ticket_number: string };
/** As sent: each with its own id, so that two alike in a row are still two (a browser keeps only the latest). */
export type LiveEvent = LiveNews & { id: string };

type Listener = (event: LiveEvent) => void;

const REDIS_CHANNEL = "bazaar:live";
const CLUSTER_TOPIC = "live";

export interface PusherSettings {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** Only to point at another server (tests use a local stand-in of Pusher's HTTP API). */
  host?: string;
  port?: string;
  useTLS: boolean;
}

/** Pusher when all its keys are set; null means Server-Sent Events. */
export function pusherSettings(env: NodeJS.ProcessEnv = process.env): PusherSettings | null {
  const { PUSHER_APP_ID: appId, PUSHER_APP_KEY: key, PUSHER_APP_SECRET: secret, PUSHER_APP_CLUSTER: cluster } = env;
  if (!appId || !key || !secret || !cluster) return null;
  return { appId, key, secret, cluster, host: env.PUSHER_HOST || undefined, port: env.PUSHER_PORT || undefined, useTLS: env.PUSHER_USE_TLS !== "false" };
}

/** The private channel of one user: the only one their browser may subscribe to. */
export const userChannel = (userId: number) => `private-user-${userId}`;

interface Hub {
  local: EventEmitter;
  redis: { publisher: Redis; subscriber: Redis } | null;
  pusher: Pusher | null;
  /** A worker of `npm start` without Redis: events go to every worker through the primary. */
  cluster: boolean;
}

type Delivery = { userIds: number[]; event: LiveEvent };

// One hub per process, kept on globalThis so that a development rebuild does not open more Redis connections.
const holder = globalThis as typeof globalThis & { __bazaarLive?: Hub };

function hub(): Hub {
  if (holder.__bazaarLive) return holder.__bazaarLive;
  const local = new EventEmitter();
  // One listener per open stream: thousands are expected, not a leak.
  local.setMaxListeners(0);
  const pusherKeys = pusherSettings();
  const redisUrl = pusherKeys ? null : process.env.REDIS_URL;
  let redis: Hub["redis"] = null;
  if (redisUrl) {
    const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    // A publish never waits for a Redis that is away: the event goes to this process's streams instead.
    const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
    // One warning when Redis goes and one when it is back, not one per reconnection attempt (ioredis retries on its
    // own, and subscribes again).
    let away = false;
    for (const connection of [subscriber, publisher]) {
      connection.on("error", (error) => {
        if (away) return;
        away = true;
        console.warn(`Live updates: Redis is unreachable (${error.message}); events reach this process only.`);
      });
      connection.on("ready", () => {
        if (!away || subscriber.status !== "ready" || publisher.status !== "ready") return;
        away = false;
        console.warn("Live updates: Redis is back; events reach every process again.");
      });
    }
    void subscriber.subscribe(REDIS_CHANNEL).catch(() => undefined);
    subscriber.on("message", (_channel: string, message: string) => deliverLocally(local, JSON.parse(message)));
    redis = { publisher, subscriber };
  }
  const pusher = pusherKeys ? new Pusher(pusherKeys) : null;
  const cluster = !pusher && !redis && isClusterWorker();
  if (cluster) onBroadcast<Delivery>(CLUSTER_TOPIC, (delivery) => deliverLocally(local, delivery));
  holder.__bazaarLive = { local, redis, pusher, cluster };
  return holder.__bazaarLive;
}

function deliverLocally(local: EventEmitter, { userIds, event }: Delivery) {
  for (const userId of userIds) local.emit(`user:${userId}`, event);
}

/** How to end each open stream of this process: a stream never ends by itself, and a server shutting down must. */
const openStreams = new Set<() => void>();

/**
 * Listens for the user's events in this process (an SSE stream) until the returned function is called; `end` ends
 * the stream when the server shuts down (endLiveStreams).
 */
export function subscribeLive(userId: number, listener: Listener, end: () => void): () => void {
  const { local } = hub();
  local.on(`user:${userId}`, listener);
  openStreams.add(end);
  return () => {
    local.off(`user:${userId}`, listener);
    openStreams.delete(end);
  };
}

/** Ends every open stream of this process (server.js, on shutdown): their browsers reconnect to another process. */
export function endLiveStreams() {
  for (const end of openStreams) end();
}

/**
 * Tells the users that something changed. Never throws: a message is already stored when this runs, so a live
 * channel that is down only means the others see it on their next page.
 */
export async function publishLive(userIds: number[], news: LiveNews): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const event: LiveEvent = { ...news, id: randomUUID() };
  const { local, redis, pusher, cluster } = hub();
  try {
    if (pusher) {
      // Pusher takes at most 100 channels per trigger.
      for (let start = 0; start < ids.length; start += 100) {
        await pusher.trigger(ids.slice(start, start + 100).map(userChannel), "live", event);
      }
      return;
    }
    if (redis && redis.publisher.status === "ready") {
      await redis.publisher.publish(REDIS_CHANNEL, JSON.stringify({ userIds: ids, event }));
      return;
    }
    if (cluster && (await broadcastToWorkers(CLUSTER_TOPIC, { userIds: ids, event } satisfies Delivery))) return;
  } catch (error) {
    console.warn(`Live updates: could not publish (${(error as Error).message}); telling this process only.`);
  }
  deliverLocally(local, { userIds: ids, event });
}

/** Signs a browser's subscription to a private channel, for the session's own channel only (else null). */
export function authorizeChannel(userId: number, socketId: string, channel: string): { auth: string } | null {
  const { pusher } = hub();
  if (!pusher || channel !== userChannel(userId) || !/^\d+\.\d+$/.test(socketId)) return null;
  return pusher.authorizeChannel(socketId, channel);
}
