import { defineConfig } from "@playwright/test";

/**
 * The environment of one test worker's shop server (tests/e2e/fixtures.ts starts one per worker): its own port,
 * database and data directory, and the port of the local OAuth / OpenID Connect server that stands in for Google
 * (tests/e2e/social-login.spec.ts starts it; the shop reaches it only during a sign-in).
 */
export function e2eServerEnv({ port, oauthPort, dataDir }: { port: number; oauthPort: number; dataDir: string }) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production" as const,
    // One process per worker's shop: the browser workers and their servers already share the cores.
    WEB_CONCURRENCY: "1",
    DATABASE_URL: `file:${dataDir}/bazaar.sqlite`,
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-only-secret",
    COOKIE_SECURE: "false",
    APP_ENV: "testing",
    // Every test signs in from 127.0.0.1; the limit of 10 a minute is proven by tests/integration/accounts-security.
    AUTH_POSTS_PER_MINUTE: "10000",
    OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${oauthPort}`,
    GOOGLE_CLIENT_SECRET: "e2e-google-secret",
    // The built-in test gateway is off in production unless asked for; checkout and Make Payment use it.
    PAYMENT_TEST_GATEWAY: "1",
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // Files run in order within a worker; each worker has its own server and database (settings changes stay there).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // The longest journey takes ~30 s when two workers share 2 cores; twice that leaves room for a busy machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    // Recorded for a retried test only: recording every test's trace (snapshots at each step) cost CPU on the two
    // cores the browsers and servers share; a test that fails twice still leaves its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // Toasts then vanish at once instead of fading: axe never meets one half-transparent (a false contrast failure).
    reducedMotion: "reduce",
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
});
