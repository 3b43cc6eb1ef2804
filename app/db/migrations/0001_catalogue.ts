import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The catalogue side of the shop: settings, languages, currencies, countries, users,
 * shops, the product catalogue with its options and stock, flash sales, content and
 * navigation. Money is integer minor units of the default currency; flags are 0/1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  const now = t.now;

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("languages")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique()) // locale code: en, ar …
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull().defaultTo("ltr"))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("currencies")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique()) // ISO code: USD, EUR …
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("rate_from_default", t.float, (c) => c.notNull().defaultTo(1))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("countries")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("iso2", "text", (c) => c.notNull().unique())
    .addColumn("phone_code", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("phone", "text")
    .addColumn("phone_code", "text")
    .addColumn("country_id", "integer", (c) => c.references("countries.id"))
    .addColumn("password_hash", "text")
    .addColumn("profile_photo", "text")
    .addColumn("gender", "text")
    .addColumn("date_of_birth", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("customer")) // customer | seller | admin
    .addColumn("email_verified_at", t.timestamp)
    .addColumn("phone_verified_at", t.timestamp)
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_seen_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("users_phone_idx").on("users").columns(["phone_code", "phone"]).execute();

  await db.schema
    .createTable("shops")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text", (c) => c.notNull())
    .addColumn("banner", "text", (c) => c.notNull())
    .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rating", t.float, (c) => c.notNull().defaultTo(0))
    .addColumn("total_reviews", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_charge", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("estimated_delivery_days", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("sub_categories")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("sub_categories_category_idx").on("sub_categories").column("category_id").execute();

  await db.schema
    .createTable("brands")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text")
    .execute();

  await db.schema
    .createTable("colors")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("color_code", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sizes")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("units")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("sub_category_id", "integer", (c) => c.references("sub_categories.id"))
    .addColumn("brand_id", "integer", (c) => c.references("brands.id"))
    .addColumn("unit_id", "integer", (c) => c.references("units.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("discount_price", "integer", (c) => c.notNull().defaultTo(0)) // 0 = no discount
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0)) // stock; never negative
    .addColumn("min_order_quantity", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_digital", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", t.float, (c) => c.notNull().defaultTo(0))
    .addColumn("total_reviews", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("video_url", "text")
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("products_quantity_non_negative", sql`quantity >= 0`)
    .addCheckConstraint("products_price_non_negative", sql`price >= 0 AND discount_price >= 0`)
    .execute();
  for (const [name, columns] of [
    ["products_shop_idx", ["shop_id", "is_active"]],
    ["products_category_idx", ["category_id", "is_active"]],
    ["products_sub_category_idx", ["sub_category_id"]],
    ["products_brand_idx", ["brand_id"]],
    ["products_created_idx", ["is_active", "created_at"]],
    ["products_sold_idx", ["is_active", "total_sold"]],
    ["products_views_idx", ["is_active", "total_views"]],
    ["products_rating_idx", ["is_active", "rating"]],
    ["products_price_idx", ["is_active", "price"]],
  ] as const) {
    await db.schema.createIndex(name).on("products").columns([...columns]).execute();
  }

  await db.schema
    .createTable("product_images")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("product_images_product_idx").on("product_images").columns(["product_id", "sort"]).execute();

  // Options a shopper picks; each adds its price (minor units) to the product price.
  for (const [table, ref] of [
    ["product_colors", "color_id"],
    ["product_sizes", "size_id"],
    ["product_units", "unit_id"],
  ] as const) {
    const target = ref === "color_id" ? "colors.id" : ref === "size_id" ? "sizes.id" : "units.id";
    await db.schema
      .createTable(table)
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn(ref, "integer", (c) => c.notNull().references(target))
      .addColumn("price", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, ["product_id", ref])
      .execute();
    await db.schema.createIndex(`${table}_${ref}_idx`).on(table).column(ref).execute();
  }

  // Digital products: downloadable files and licence keys handed out on purchase.
  await db.schema
    .createTable("digital_product_files")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("product_licenses")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("license_key", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "integer") // set when sold; orders arrive with checkout
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("product_licenses_product_idx").on("product_licenses").columns(["product_id", "order_id"]).execute();

  await db.schema
    .createTable("flash_sales")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0)) // percent
    .addColumn("starts_at", t.timestamp, (c) => c.notNull())
    .addColumn("ends_at", t.timestamp, (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("flash_sale_products")
    .addColumn("flash_sale_id", "integer", (c) => c.notNull().references("flash_sales.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("price", "integer", (c) => c.notNull()) // sale price, minor units
    .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0)) // percent off the product price
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0)) // units offered in the sale
    .addColumn("sale_quantity", "integer", (c) => c.notNull().defaultTo(0)) // units sold in the sale
    .addPrimaryKeyConstraint("flash_sale_products_pk", ["flash_sale_id", "product_id"])
    .execute();
  await db.schema.createIndex("flash_sale_products_product_idx").on("flash_sale_products").column("product_id").execute();

  await db.schema
    .createTable("banners")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("hero")) // hero | ad
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("blog_categories")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable("blogs")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("category_id", "integer", (c) => c.notNull().references("blog_categories.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_photo", "text")
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("")) // comma separated
    .addColumn("total_views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("blogs_category_idx").on("blogs").columns(["category_id", "created_at"]).execute();
  await db.schema
    .createTable("blog_products")
    .addColumn("blog_id", "integer", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("blog_products_pk", ["blog_id", "product_id"])
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("user_id", "integer", (c) => c.references("users.id"))
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("reviews_rating_range", sql`rating BETWEEN 1 AND 5`)
    .execute();
  await db.schema.createIndex("reviews_product_idx").on("reviews").columns(["product_id", "created_at"]).execute();
  await db.schema.createIndex("reviews_shop_idx").on("reviews").columns(["shop_id", "created_at"]).execute();

  await db.schema
    .createTable("coupons")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("discount_type", "text", (c) => c.notNull()) // Amount | Percentage
    .addColumn("discount", "integer", (c) => c.notNull()) // minor units, or percent
    .addColumn("min_order_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_discount_amount", "integer") // cap for percentage coupons
    .addColumn("limit_for_user", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("starts_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("coupons_shop_idx").on("coupons").column("shop_id").execute();

  await db.schema
    .createTable("legal_pages")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("menus")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull().defaultTo("_self"))
    .addColumn("is_external", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("footers")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("footer_items")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("footer_id", "integer", (c) => c.notNull().references("footers.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull()) // logo | text | email | phone | social_links | app_store | link
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("url", "text")
    .addColumn("target", "text", (c) => c.notNull().defaultTo("_self"))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("social_links")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("logo", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("payment_gateways")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique()) // test, stripe …
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("logo", "text", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "payment_gateways", "social_links", "footer_items", "footers", "menus", "legal_pages", "coupons",
    "reviews", "blog_products", "blogs", "blog_categories", "banners", "flash_sale_products", "flash_sales",
    "product_licenses", "digital_product_files", "product_units", "product_sizes", "product_colors",
    "product_images", "products", "units", "sizes", "colors", "brands", "sub_categories", "categories",
    "shops", "users", "countries", "currencies", "languages", "settings",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
