// `npm test`: typecheck → production build → vitest (SQLite, and PostgreSQL when reachable)
// → Playwright e2e (projects no-js and js) against the production server on a free port.
// `--only e2e` runs just the last two steps.
import { spawnSync, execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
const bin = (name) => path.resolve("node_modules/.bin", name);

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (canInstall) {
    console.log("Chromium not found: installing Debian's chromium package…");
    try {
      execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    } catch {
      // reported below
    }
    if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "\n✖ No Chromium for the browser tests. Install it (Debian/Ubuntu: `apt-get install chromium`) " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.",
  );
  process.exit(1);
}


const chromium = only === "e2e" || !only ? findChromium() : null;

if (!only) run("Typecheck", bin("tsc"), ["--noEmit"]);
run("Production build", bin("remix"), ["build"]);
if (!only) run("Unit and integration tests (vitest)", bin("vitest"), ["run"]);

// Each Playwright worker starts its own production server on a free port, with its data under here.
const dataDir = path.resolve("test-results/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
run("Browser tests (Playwright: no-js and js)", bin("playwright"), ["test"], {
  E2E_DATA_DIR: dataDir,
  CHROMIUM_PATH: chromium,
});
console.log("\n✔ All tests passed");
