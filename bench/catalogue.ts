// The benchmarks' seeded catalogues, kept in bench-data/ between runs (seeding 100k products takes minutes).
import fs from "node:fs";
import path from "node:path";
import { migrateToLatest } from "~/db/migrate";
import { seedDatabase } from "~/db/seed";
import { createDb } from "~/lib/db.server";

const dataDir = path.resolve("bench-data");

/** A catalogue of `products` products and `shops` shops in bench-data/, seeded once and reused while its count fits. */
export async function seeded(products: number, shops: number) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `catalogue-${products}.sqlite`);
  const db = createDb(`file:${file}`);
  await migrateToLatest(db);
  const count = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  if (Number(count?.n ?? 0) !== products) {
    await db.destroy();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    const fresh = createDb(`file:${file}`);
    await migrateToLatest(fresh);
    const started = Date.now();
    await seedDatabase(fresh, { products, shops });
    console.log(`  seeded ${products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { file, db: fresh };
  }
  return { file, db };
}
