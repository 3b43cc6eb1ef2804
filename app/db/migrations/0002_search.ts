import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/** The shop's own price (discount price when below the price, else the price); products.server.ts sorts by it. */
const shopPrice = sql`CASE WHEN discount_price > 0 AND discount_price < price THEN discount_price ELSE price END`;

/**
 * Full-text search over products' name, short description and code, and the indexes the product
 * lists need to stay fast on 100,000 products.
 *
 * SQLite: an FTS5 index with external content (the text lives once, in `products`), kept in sync by
 * triggers; prefix indexes make "lam" → "Lamp" cheap. PostgreSQL: a generated, weighted tsvector
 * column with a GIN index ('simple' config, so product codes and non-English words match as typed).
 * Both cover rows written later (the seed inserts products after the migrations).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    // Punctuation becomes a space first, as in the shopper's query (search.server.ts): PostgreSQL's parser
    // would otherwise read "BZ-000123" as 'bz' and the signed number '-000123', and "2.1" as one float.
    const words = (column: string) => sql`translate(coalesce(${sql.ref(column)}, ''), '-./_+@:', '       ')`;
    await sql`
      ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', ${words("name")}), 'A') ||
        setweight(to_tsvector('simple', ${words("code")}), 'A') ||
        setweight(to_tsvector('simple', ${words("short_description")}), 'B')
      ) STORED`.execute(db);
    await sql`CREATE INDEX products_search_idx ON products USING GIN (search_vector)`.execute(db);
  } else {
    await sql`
      CREATE VIRTUAL TABLE products_fts USING fts5(
        name, short_description, code,
        content = 'products', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3 4'
      )`.execute(db);
    await sql`
      CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts (rowid, name, short_description, code)
        VALUES (new.id, new.name, new.short_description, new.code);
      END`.execute(db);
    await sql`
      CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, name, short_description, code)
        VALUES ('delete', old.id, old.name, old.short_description, old.code);
      END`.execute(db);
    // Only a change to the searched text touches the index (stock and counters change far more often).
    await sql`
      CREATE TRIGGER products_fts_update AFTER UPDATE OF name, short_description, code ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, name, short_description, code)
        VALUES ('delete', old.id, old.name, old.short_description, old.code);
        INSERT INTO products_fts (rowid, name, short_description, code)
        VALUES (new.id, new.name, new.short_description, new.code);
      END`.execute(db);
    await sql`INSERT INTO products_fts (products_fts) VALUES ('rebuild')`.execute(db);
  }

  // Product lists (products.server.ts): each index serves a list's default order (newest first) and ends
  // with shop_id, so the list's COUNT, which skips products of suspended shops, reads the index alone.
  for (const [name, columns] of [
    ["products_category_list_idx", ["category_id", "is_active", "created_at", "shop_id"]],
    ["products_sub_category_list_idx", ["sub_category_id", "is_active", "created_at", "shop_id"]],
    ["products_shop_list_idx", ["shop_id", "is_active", "created_at"]],
    ["products_featured_list_idx", ["is_active", "is_featured", "created_at"]],
    ["products_active_shop_idx", ["is_active", "is_digital", "shop_id"]],
    ["products_popular_idx", ["is_active", "total_views", "total_sold"]],
    // A category is the busiest scope: its other orders get their own index too.
    ["products_category_popular_idx", ["category_id", "is_active", "total_views", "total_sold"]],
    ["products_category_sold_idx", ["category_id", "is_active", "total_sold"]],
    ["products_brand_list_idx", ["brand_id", "is_active", "created_at", "shop_id"]],
  ] as const) {
    await db.schema.createIndex(name).on("products").columns([...columns]).execute();
  }
  // The price a shopper pays before any flash sale (pricing.ts basePrice): sorts and filters by price use it.
  await sql`CREATE INDEX products_shop_price_idx ON products (is_active, (${shopPrice}))`.execute(db);
  await sql`CREATE INDEX products_category_price_idx ON products (category_id, is_active, (${shopPrice}))`.execute(db);
  // Best deals and digital products are lists of their own: partial indexes keep them as cheap as the whole catalogue.
  await sql`CREATE INDEX products_deals_idx ON products (is_active, created_at, shop_id) WHERE discount_price > 0 AND discount_price < price`.execute(db);
  await sql`CREATE INDEX products_digital_idx ON products (is_active, created_at, shop_id) WHERE is_digital = 1`.execute(db);
  await sql`CREATE INDEX products_digital_price_idx ON products (is_active, (${shopPrice})) WHERE is_digital = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "products_digital_price_idx", "products_digital_idx", "products_brand_list_idx", "products_deals_idx", "products_category_price_idx", "products_shop_price_idx",
    "products_category_sold_idx", "products_category_popular_idx", "products_popular_idx", "products_active_shop_idx",
    "products_featured_list_idx", "products_shop_list_idx", "products_sub_category_list_idx", "products_category_list_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  if (dialectOf(db) === "postgres") {
    await sql`DROP INDEX IF EXISTS products_search_idx`.execute(db);
    await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_vector`.execute(db);
  } else {
    for (const trigger of ["products_fts_update", "products_fts_delete", "products_fts_insert"]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
  }
}
