import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: gone at once, as a crashed or unplugged Redis. */
  kill(): Promise<void>;
  /** A new, empty redis-server on the same port. */
  start(): Promise<void>;
  /** Killed, and its directory removed. */
  close(): Promise<void>;
}

/** Whether `redis-server` can be started here (Debian: apt-get install redis-server). */
export const redisServerInstalled = (process.env.PATH ?? "").split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, "redis-server")));

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

/**
 * A redis-server of the test's own on the given free port, without persistence, that the test may kill and start
 * again — never the machine's shared Redis.
 */
export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-redis-"));
  let child: ChildProcess | null = null;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    async close() {
      await redis.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
      const deadline = Date.now() + 10_000;
      while (!(await answers(port))) {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  await redis.start();
  return redis;
}
