import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { e2eServerEnv } from "../../playwright.config";

/** The shop server of one test worker: its own port, database and data directory, and its OAuth stand-in's port. */
export interface ShopServer {
  baseURL: string;
  env: Record<string, string>;
  oauthPort: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node server.js` (the production build) for a worker and waits until it answers. Each worker has its own
 * database, so specs that change settings never meet another worker's tests; a worker restarted after a failure
 * (same parallel index) finds its database as it was left.
 */
export async function startShopServer(slot: number): Promise<{ server: ShopServer; stop: () => Promise<void> }> {
  const [port, oauthPort] = [await freePort(), await freePort()];
  const env = e2eServerEnv({ port, oauthPort, dataDir: path.join(process.env.E2E_DATA_DIR ?? "test-results/e2e-data", `worker-${slot}`) });
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  // The server's errors go to the test run's output, as they would in production logs.
  const child: ChildProcess = spawn(process.execPath, ["server.js"], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("The shop server did not answer within 120 s");
    if (await fetch(`${baseURL}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    server: { baseURL, env, oauthPort },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
