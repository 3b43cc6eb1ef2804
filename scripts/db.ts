/**
 * Database CLI.
 *
 *   npm run db:migrate                       apply pending migrations
 *   npm run db:seed [-- --products N --shops N]
 *                                            migrate, wipe and fill the demo marketplace
 *
 * DATABASE_URL picks the database: unset or file:/path = SQLite, postgres://… = PostgreSQL.
 */
import cliProgress from "cli-progress";
import { sql } from "kysely";
import { migrateToLatest } from "~/db/migrate";
import { DEFAULT_PRODUCTS, DEFAULT_SHOPS, resetDatabase, seedDatabase } from "~/db/seed";
import { createDb, describeDatabaseUrl, type Db } from "~/lib/db.server";

const USAGE = `Usage:
  tsx scripts/db.ts migrate
  tsx scripts/db.ts seed [--products N] [--shops N]`;

const TABLES = [
  "settings", "languages", "currencies", "countries", "users", "shops", "categories", "sub_categories", "brands",
  "colors", "sizes", "units", "products", "product_images", "product_colors", "product_sizes", "product_units",
  "digital_product_files", "product_licenses", "flash_sales", "flash_sale_products", "banners", "blog_categories",
  "blogs", "blog_products", "reviews", "coupons", "legal_pages", "menus", "footers", "footer_items", "social_links",
  "payment_gateways",
] as const;

function describeTarget() {
  const target = describeDatabaseUrl();
  return target.kind === "postgres" ? `PostgreSQL ${target.url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")}` : `SQLite ${target.file}`;
}

function readCount(args: string[], flag: string, fallback: number, min: number): number {
  const index = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (index === -1) return fallback;
  const raw = args[index].includes("=") ? args[index].split("=")[1] : args[index + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${flag} needs a whole number of at least ${min} (got ${raw ?? "nothing"})`);
  }
  return value;
}

async function migrate(db: Db) {
  const applied = await migrateToLatest(db);
  if (applied.length === 0) console.log("Migrations: already up to date.");
  else for (const name of applied) console.log(`Migrations: applied ${name}`);
}

async function seed(db: Db, args: string[]) {
  const products = readCount(args, "--products", DEFAULT_PRODUCTS, 0);
  const shops = readCount(args, "--shops", DEFAULT_SHOPS, 1);
  const started = performance.now();
  await migrate(db);
  await resetDatabase(db);
  console.log(`Seeding ${products} products in ${shops} shops …`);

  const multibar = new cliProgress.MultiBar(
    {
      format: " {step} |{bar}| {percentage}% {value}/{total}",
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  try {
    await seedDatabase(db, {
      products,
      shops,
      onProgress(step, done, total) {
        const label = step.padEnd(9);
        let bar = bars.get(step);
        if (!bar) {
          bar = multibar.create(Math.max(total, 1), 0, { step: label });
          bars.set(step, bar);
        }
        bar.setTotal(Math.max(total, 1));
        bar.update(total === 0 ? 1 : done, { step: label });
      },
    });
  } finally {
    multibar.stop();
  }

  const seconds = (performance.now() - started) / 1000;
  console.log("\nRows per table:");
  for (const table of TABLES) {
    const row = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
    console.log(`  ${table.padEnd(24)} ${String(Number(row.rows[0]?.n ?? 0)).padStart(9)}`);
  }
  console.log(`\nSeeded in ${seconds.toFixed(1)} s.`);
  console.log("Demo customers: customer@example.com / customer2@example.com, password secret123");
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command !== "migrate" && command !== "seed") {
    console.error(USAGE);
    process.exitCode = command === undefined || command === "--help" || command === "-h" ? 0 : 1;
    return;
  }
  console.log(`Database: ${describeTarget()}`);
  const db = createDb();
  try {
    if (command === "migrate") await migrate(db);
    else await seed(db, args);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
