import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * An order keeps the currency it was placed in (name, symbol, where the symbol goes, rate from the default), so
 * its pages show the amounts the shopper agreed to whatever the rates or the chosen currency later; a payment
 * keeps the currency and amount the gateway was asked to collect. Orders and payments made before are in the
 * default currency.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("orders").addColumn("currency_name", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("orders").addColumn("currency_symbol", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("orders").addColumn("currency_position", "text", (c) => c.notNull().defaultTo("prefix")).execute();
  await db.schema.alterTable("orders").addColumn("currency_rate", t.float, (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("payments").addColumn("currency", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("payments").addColumn("currency_amount", "integer", (c) => c.notNull().defaultTo(0)).execute();

  const base = await db.selectFrom("currencies").select(["name", "symbol"]).where("is_default", "=", 1).executeTakeFirst();
  const position = await db.selectFrom("settings").select("value").where("key", "=", "currencyPosition").executeTakeFirst();
  await db
    .updateTable("orders")
    .set({
      currency_name: base?.name ?? "USD",
      currency_symbol: base?.symbol ?? "$",
      currency_position: String(position?.value ?? "").includes("suffix") ? "suffix" : "prefix",
    })
    .execute();
  await db
    .updateTable("payments")
    .set({ currency: (base?.name ?? "USD").toLowerCase(), currency_amount: sql`amount` })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["currency_name", "currency_symbol", "currency_position", "currency_rate"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  for (const column of ["currency", "currency_amount"]) await db.schema.alterTable("payments").dropColumn(column).execute();
}
