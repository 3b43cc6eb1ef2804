import cluster, { type Worker } from "node:cluster";

/*
 * What the worker processes of `npm start` share on one machine without Redis (docs/decisions/0025-every-core.md):
 * server.js's primary process answers questions (the rate-limit counters) and relays broadcasts (live events) over
 * the cluster's IPC channel. With REDIS_URL the modules use Redis instead and none of this is asked.
 */

type Answer = (payload: never) => unknown;
type BroadcastListener = (payload: never) => void;

type ToPrimary = { bazaar: "ask"; id: number; topic: string; payload: unknown } | { bazaar: "broadcast"; topic: string; payload: unknown };
type ToWorker = { bazaar: "answer"; id: number; result?: unknown; error?: string } | { bazaar: "broadcast"; topic: string; payload: unknown };

/** The primary answers within this time or the worker stops waiting (it may be shutting down). */
const ASK_TIMEOUT_MS = 2_000;

const answers = new Map<string, Answer>();
const broadcastListeners = new Map<string, BroadcastListener>();
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
let lastQuestion = 0;
let listening = false;

/** True in a worker forked by server.js's primary: state shared by the workers lives there. */
export const isClusterWorker = () => cluster.isWorker && typeof process.send === "function";

/** Registers how the primary answers `topic` (the module's own state, kept once for all workers). */
export function answerInPrimary<Payload>(topic: string, answer: (payload: Payload) => unknown) {
  answers.set(topic, answer as Answer);
}

/** Called by server.js's primary for each worker it forks. */
export function connectWorker(worker: Worker) {
  worker.on("message", async (message: ToPrimary) => {
    if (message?.bazaar === "broadcast") {
      for (const each of Object.values(cluster.workers ?? {})) if (each?.isConnected()) each.send(message satisfies ToWorker);
      return;
    }
    if (message?.bazaar !== "ask") return;
    const answer = answers.get(message.topic);
    let reply: ToWorker;
    try {
      if (!answer) throw new Error(`nothing answers "${message.topic}"`);
      reply = { bazaar: "answer", id: message.id, result: await answer(message.payload as never) };
    } catch (error) {
      reply = { bazaar: "answer", id: message.id, error: (error as Error).message };
    }
    if (worker.isConnected()) worker.send(reply);
  });
}

function listenToPrimary() {
  if (listening) return;
  listening = true;
  process.on("message", (message: ToWorker) => {
    if (message?.bazaar === "broadcast") {
      broadcastListeners.get(message.topic)?.(message.payload as never);
    } else if (message?.bazaar === "answer") {
      const question = pending.get(message.id);
      if (!question) return;
      pending.delete(message.id);
      clearTimeout(question.timer);
      if (message.error === undefined) question.resolve(message.result);
      else question.reject(new Error(message.error));
    }
  });
}

/** Asks the primary (from a worker); rejects when it does not answer. */
export function askPrimary<Result>(topic: string, payload: unknown): Promise<Result> {
  listenToPrimary();
  return new Promise<Result>((resolve, reject) => {
    const id = ++lastQuestion;
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`the primary process did not answer "${topic}"`));
    }, ASK_TIMEOUT_MS);
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    sendToPrimary({ bazaar: "ask", id, topic, payload }, (error) => {
      if (!error) return;
      pending.delete(id);
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Sends `payload` to every worker, this one included, through the primary; false when it could not be sent. */
export function broadcastToWorkers(topic: string, payload: unknown): Promise<boolean> {
  listenToPrimary();
  return new Promise((resolve) => sendToPrimary({ bazaar: "broadcast", topic, payload }, (error) => resolve(!error)));
}

/** What a worker does with the broadcasts of `topic`. */
export function onBroadcast<Payload>(topic: string, listener: (payload: Payload) => void) {
  listenToPrimary();
  broadcastListeners.set(topic, listener as BroadcastListener);
}

function sendToPrimary(message: ToPrimary, done: (error: Error | null) => void) {
  if (!process.connected || !process.send) return done(new Error("the primary process is gone"));
  try {
    process.send(message, undefined, {}, (error) => done(error ?? null));
  } catch (error) {
    done(error as Error);
  }
}
