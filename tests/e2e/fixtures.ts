import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { startShopServer, type ShopServer } from "./shop-server";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The page no-JS audits run in: one per browser (so per worker), kept for the worker's life. A context and a renderer
 * per audit cost more than the audit itself on a busy 2-core machine; its cache keeps the stylesheet too.
 */
const auditPages = new WeakMap<Browser, Promise<Page>>();

function auditPageOf(browser: Browser): Promise<Page> {
  let auditPage = auditPages.get(browser);
  if (!auditPage) {
    auditPage = browser
      .newContext({ bypassCSP: true, javaScriptEnabled: true, reducedMotion: "reduce" })
      .then((context) => context.newPage());
    auditPages.set(browser, auditPage);
  }
  return auditPage;
}

/**
 * Runs axe (WCAG 2.2 A/AA) on what the shopper sees now. With JavaScript off axe cannot run in the
 * page, so the rendered HTML (scripts removed) is audited in a script-enabled page of the same size.
 */
export async function audit(page: Page, javaScriptEnabled: boolean) {
  let target = page;
  if (!javaScriptEnabled) {
    const origin = new URL(page.url()).origin;
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
      .replace(/<head>/i, `<head><base href="${origin}/">`);
    target = await auditPageOf(page.context().browser()!);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    await target.setContent(html, { waitUntil: "load" });
  }
  // Colours are judged as they rest, not half-way through a toast fading in or out.
  await target
    .waitForFunction(
      () =>
        !document.querySelector(".toast-leaving") &&
        document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page: target }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** This worker's shop server (each worker process has one; see shopServer below). */
let current: ShopServer | null = null;

function worker(): ShopServer {
  if (!current) throw new Error("No shop server in this worker yet: use it inside a test or hook");
  return current;
}

/** The environment of this worker's shop server (its DATABASE_URL, DATA_DIR …), for scripts run beside it. */
export const serverEnv = () => worker().env;

/** Where tests/e2e/social-login.spec.ts must start the local OAuth server this worker's shop signs in with. */
export const oauthProviderPort = () => worker().oauthPort;

/** Changes a shop setting of this worker's shop through the `settings` command, as an operator would. */
export function setSetting(key: string, value: string) {
  execFileSync("node_modules/.bin/tsx", ["scripts/settings.ts", "set", key, value], {
    env: { ...process.env, ...serverEnv() },
    stdio: "pipe",
  });
}

export const test = base.extend<{ checkA11y: () => Promise<void>; jsEnabled: boolean }, { shopServer: ShopServer }>({
  // One production server per worker, with its own database: workers run side by side without sharing settings.
  shopServer: [
    async ({}, use, workerInfo) => {
      const { server, stop } = await startShopServer(workerInfo.parallelIndex);
      current = server;
      await use(server);
      current = null;
      await stop();
    },
    { scope: "worker", auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ shopServer }, use) => use(shopServer.baseURL),
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  // With JS, a click before hydration would hit the plain HTML; the js project tests the enhanced page.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const hydrated = () => page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 10_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()["content-type"]?.includes("text/html")) await hydrated();
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (response?.headers()["content-type"]?.includes("text/html")) await hydrated();
        return response;
      };
    }
    await use(page);
  },
  checkA11y: async ({ page, jsEnabled }, use) => use(() => audit(page, jsEnabled)),
});

export { expect };
