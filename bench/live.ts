// The live-updates bench (issue 16): 1,000 Server-Sent Events connections on one server process — 100 signed-in
// shoppers with 10 tabs each — and the time from a shop's reply (its form post) to its event in every tab of the
// shopper, with the server's memory per connection. `npx tsx bench/live.ts`; writes its section of docs/benchmarks.md.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "~/db/seed/content";
import { createDb } from "~/lib/db.server";
import { hashPassword } from "~/modules/auth/password.server";
import { writeSection } from "./report";

const SHOPPERS = 100;
const TABS = 10;
const ROUNDS = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const rssKiB = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]);

async function main() {
  const started = Date.now();
  if (spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-live-bench-"));
  const file = path.join(dataDir, "bazaar.sqlite");
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${file}`, DATA_DIR: dataDir,
      SESSION_SECRET: "bench", COOKIE_SECURE: "false", AUTH_POSTS_PER_MINUTE: "1000000", REDIS_URL: "", PUSHER_APP_KEY: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const streams: AbortController[] = [];
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    const db = createDb(`file:${file}`);
    const hash = await hashPassword(DEMO_PASSWORD);
    const seller = await db.selectFrom("users").select(["id", "shop_id"]).where("email", "=", "seller@example.com").executeTakeFirstOrThrow();
    const emails = Array.from({ length: SHOPPERS }, (_, i) => `live-bench-${i}@example.test`);
    await db.insertInto("users").values(emails.map((email, i) => ({ name: `Live Bench ${i}`, email, password_hash: hash }))).execute();

    const post = (cookie: string, url: string, fields: Record<string, string>) =>
      fetch(`${base}${url}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, Origin: base }, redirect: "manual" });
    const signIn = async (email: string) => {
      const response = await fetch(`${base}/login`, {
        method: "POST", body: new URLSearchParams({ phone: email, password: DEMO_PASSWORD, redirectTo: "/" }), headers: { Origin: base }, redirect: "manual",
      });
      return response.headers.getSetCookie().find((c) => c.startsWith("bazaar_session="))!.split(";")[0];
    };
    const sellerCookie = await signIn("seller@example.com");
    const shoppers: { cookie: string; conversation: number; received: Map<string, number[]> }[] = [];
    for (const email of emails) {
      const cookie = await signIn(email);
      await post(cookie, "/massages", { shop_id: String(seller.shop_id), message: "Hello", intent: "send" });
      const { id } = await db.selectFrom("chat_conversations as c").innerJoin("users as u", "u.id", "c.user_id").select("c.id").where("u.email", "=", email).executeTakeFirstOrThrow();
      shoppers.push({ cookie, conversation: id, received: new Map() });
    }

    const before = rssKiB(server.pid!);
    const opened: Promise<void>[] = [];
    for (const shopper of shoppers) {
      for (let tab = 0; tab < TABS; tab++) {
        const controller = new AbortController();
        streams.push(controller);
        opened.push(fetch(`${base}/live`, { headers: { Cookie: shopper.cookie }, signal: controller.signal }).then((response) => {
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          void (async () => {
            for (;;) {
              const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
              if (done) return;
              buffer += value;
              let end: number;
              while ((end = buffer.indexOf("\n\n")) !== -1) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                if (!block.startsWith("event: live\n")) continue;
                const { id } = JSON.parse(block.split("\ndata: ")[1]) as { id: string };
                shopper.received.set(id, [...(shopper.received.get(id) ?? []), performance.now()]);
              }
            }
          })();
        }));
      }
    }
    await Promise.all(opened);
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssKiB(server.pid!);

    const latencies: number[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const shopper of shoppers) {
        shopper.received.clear();
        const sent = performance.now();
        await post(sellerCookie, "/shop-console/messages", { conversation_id: String(shopper.conversation), message: `Reply ${round}`, intent: "send" });
        const deadline = Date.now() + 5000;
        while ([...shopper.received.values()].flat().length < TABS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
        const times = [...shopper.received.values()].flat();
        missing += TABS - times.length;
        latencies.push(...times.map((t) => t - sent));
      }
    }
    latencies.sort((a, b) => a - b);
    await db.destroy();

    const cpu = os.cpus();
    const perConnection = ((after - before) * 1024) / streams.length;
    const lines = [
      "## Live updates (Server-Sent Events), one process",
      "",
      `Measured by \`npx tsx bench/live.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} cores (${cpu[0]?.model.trim()}), Node ${process.version}, SQLite; the load and the server share the machine; run took ${Math.round((Date.now() - started) / 1000)} s.`,
      "",
      `${streams.length} open streams (${SHOPPERS} signed-in shoppers × ${TABS} tabs). The seller answers each shopper in turn (${ROUNDS} rounds, ${SHOPPERS * ROUNDS} replies); the time runs from the start of the reply's form post to the event in each of the shopper's tabs, so it includes storing the message.`,
      "",
      "| streams | replies | events received | missing | p50 ms | p95 ms | max ms | server memory per stream |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|",
      `| ${streams.length} | ${SHOPPERS * ROUNDS} | ${latencies.length} | ${missing} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 95).toFixed(1)} | ${(latencies.at(-1) ?? 0).toFixed(1)} | ${(perConnection / 1024).toFixed(1)} KiB (RSS ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MiB) |`,
      "",
    ];
    console.log(lines.join("\n"));
    writeSection("live", lines);
  } finally {
    for (const stream of streams) stream.abort();
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
