import { defineConfig } from "@playwright/test";

// scripts/test.mjs starts nothing itself: Playwright starts the production server on the free port it chose.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";
/**
 * The local OAuth / OpenID Connect server that stands in for Google: tests/e2e/social-login.spec.ts starts it
 * (the shop reaches it only during a sign-in, so it need not run before the server starts).
 */
export const oauthProviderPort = Number(process.env.E2E_OAUTH_PORT ?? 3399);
export const e2eEnv = {
  PORT: String(port),
  HOST: "127.0.0.1",
  NODE_ENV: "production" as const,
  DATABASE_URL: `file:${dataDir}/bazaar.sqlite`,
  DATA_DIR: dataDir,
  SESSION_SECRET: "e2e-only-secret",
  COOKIE_SECURE: "false",
  APP_ENV: "testing",
  // Every test signs in from 127.0.0.1; the limit of 10 a minute is proven by tests/integration/accounts-security.
  AUTH_POSTS_PER_MINUTE: "10000",
  OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${oauthProviderPort}`,
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  // The built-in test gateway is off in production unless asked for; checkout and Make Payment use it.
  PAYMENT_TEST_GATEWAY: "1",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "no-js", use: { browserName: "chromium", javaScriptEnabled: false } },
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true } },
  ],
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: e2eEnv,
    stdout: "ignore",
    stderr: "pipe",
  },
});
