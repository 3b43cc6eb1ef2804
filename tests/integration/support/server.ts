import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "~/db/seed/content";

/** The production build the server tests start (npm test builds it first). */
export const buildDir = process.env.BAZAAR_BUILD_DIR ?? "build";
export const built = fs.existsSync(path.resolve(buildDir, "index.js"));
if (!built) console.warn(`No production build in ${buildDir}/: run \`npm run build\` (npm test does) for the server tests.`);

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  base: string;
  port: number;
  /** Its own data directory (SQLite file unless DATABASE_URL is given). */
  dataDir: string;
  /** The server's process id (a restart gives another). */
  pid: number;
  /** Everything the server printed so far (for assertion messages). */
  log(): string;
  /** Sends a signal to server.js (the primary when there are several workers). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with server.js's exit code. */
  exited: Promise<number | null>;
  stop(): void;
  /** Sends the signal (SIGKILL: no shutdown code runs) and waits until the process is gone; the data stays. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts server.js (production mode) on a free port with a fresh data directory, and waits until it is ready.
 * One process unless `env` asks for more with WEB_CONCURRENCY: tests share two cores, and the workers' sharing is
 * tested on its own (cluster-http.test.ts).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-server-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = "";
  const server: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BAZAAR_BUILD_DIR: buildDir,
      DATABASE_URL: `file:${path.join(dataDir, "bazaar.sqlite")}`, DATA_DIR: dataDir, SESSION_SECRET: "server-test-secret",
      COOKIE_SECURE: "false", WEB_CONCURRENCY: "1", ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not start\n${log}`);
    // Said once every worker listens.
    if (log.includes("Bazaar is ready") && (await fetch(`${base}/healthz`).then((r) => r.ok, () => false))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    port,
    dataDir,
    pid: server.pid!,
    log: () => log,
    signal: (name) => server.kill(name),
    exited,
    stop() {
      server.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill(signal) {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
      await exited;
    },
  };
}

/** The cookie a browser would send back: `name=value` of a Set-Cookie header. */
export const cookiePair = (setCookie: string | null | undefined) => (setCookie ?? "").split(";")[0];

/** The `bazaar_session` cookie a response sets, as `name=value`. */
export const sessionCookieOf = (response: Response) =>
  cookiePair(response.headers.getSetCookie().find((cookie) => cookie.startsWith("bazaar_session=")));

/** The session cookie of a demo account signed in through the login form (its password is the demo one). */
export async function signedInSession(base: string, email: string, log = () => ""): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ phone: email, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`${email} could not sign in (${response.status})\n${log()}`);
  return sessionCookieOf(response);
}
