import { randomInt } from "node:crypto";
import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import type { Database, OrderStatus, PaymentStatus } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { DisplayCurrency } from "~/lib/money";
import { PER_PAGE } from "~/lib/pagination";
import { currencyOfOrder, ORDER_CURRENCY_COLUMNS } from "~/modules/orders/order-currency";
import { digitalFilePath } from "./digital-files.server";
import { downloadHref } from "./download-links.server";
import { licenceKey } from "./licence-key";

/*
 * Digital products after the sale (issue 15; not-shown facts: "licence and download for paid digital items"): a paid
 * order's digital items get one licence key per unit bought, and their product's files can be downloaded by the
 * buyer alone, through signed links that expire, while the order is paid and not cancelled.
 */

type Executor = Kysely<Database>;

/**
 * Hands each digital item of the order the licence keys it still lacks (one per unit): the product's free keys first,
 * a fresh key when the shop's pool is empty, so a paid buyer is never left without one. Runs in the transaction that
 * makes the order paid; each free key is claimed by a guarded UPDATE, so two orders never share one.
 * Answers how many lines of each kind the order has.
 */
export async function issueLicences(tx: Executor, orderId: number, now: string): Promise<{ digital: number; physical: number }> {
  const items = await tx.selectFrom("order_items").select(["id", "product_id", "quantity", "is_digital"]).where("order_id", "=", orderId).orderBy("id").execute();
  const digital = items.filter((item) => item.is_digital === 1);
  for (const item of digital) {
    const held = await tx.selectFrom("product_licenses").select((eb) => eb.fn.countAll<number>().as("count")).where("order_item_id", "=", item.id).executeTakeFirstOrThrow();
    let missing = item.quantity - Number(held.count);
    while (missing > 0) {
      const free = await tx.selectFrom("product_licenses").select("id")
        .where("product_id", "=", item.product_id).where("order_item_id", "is", null)
        .orderBy("id").limit(missing).execute();
      if (free.length === 0) break;
      const claimed = await tx.updateTable("product_licenses").set({ order_item_id: item.id })
        .where("id", "in", free.map((key) => key.id)).where("order_item_id", "is", null)
        .executeTakeFirst();
      missing -= Number(claimed.numUpdatedRows);
    }
    for (; missing > 0; missing--) {
      // A unique key: a clash with an existing one (1 in 32^12) is drawn again.
      for (;;) {
        const key = licenceKey(randomInt);
        const added = await tx.insertInto("product_licenses")
          .values({ product_id: item.product_id, license_key: key, order_item_id: item.id, created_at: now })
          .onConflict((conflict) => conflict.column("license_key").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (added) break;
      }
    }
  }
  return { digital: digital.length, physical: items.length - digital.length };
}

/** Licence keys and downloads are given while the order is paid and not cancelled. */
const isUnlocked = (order: { payment_status: PaymentStatus; status: OrderStatus }) => order.payment_status === "Paid" && order.status !== "Cancelled";

export interface DigitalOrderSummary {
  id: number;
  created_at: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payable: number;
  currency: DisplayCurrency;
  shop: { id: number; name: string };
  /** The digital products of the order (names), in order. */
  products: string[];
  /** Paid and not cancelled: its licences and downloads are there. */
  unlocked: boolean;
}

/** One page of the shopper's orders that hold digital items, newest first. */
export async function listDigitalOrders(db: Db, userId: number, { page = 1, perPage = PER_PAGE }: { page?: number; perPage?: number } = {}) {
  const digitalOrders = db.selectFrom("orders as o").where("o.user_id", "=", userId)
    .where(({ exists, selectFrom }) => exists(selectFrom("order_items as i").select("i.id").whereRef("i.order_id", "=", "o.id").where("i.is_digital", "=", 1)));
  const counted = await digitalOrders.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const total = Number(counted.count);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  if (total === 0) return { total, page: shown, perPage, orders: [] as DigitalOrderSummary[] };

  const rows = await digitalOrders.innerJoin("shops as s", "s.id", "o.shop_id")
    .select(["o.id", "o.created_at", "o.status", "o.payment_status", "o.payable", "s.id as shop_id", "s.name as shop_name", ...ORDER_CURRENCY_COLUMNS])
    .orderBy("o.id", "desc").limit(perPage).offset((shown - 1) * perPage)
    .execute();
  const names = await db.selectFrom("order_items").select(["order_id", "name"])
    .where("order_id", "in", rows.map((row) => row.id)).where("is_digital", "=", 1).orderBy("id").execute();
  return {
    total,
    page: shown,
    perPage,
    orders: rows.map(({ shop_id, shop_name, currency_name, currency_symbol, currency_position, currency_rate, ...order }): DigitalOrderSummary => ({
      ...order,
      currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
      shop: { id: shop_id, name: shop_name },
      products: names.filter((item) => item.order_id === order.id).map((item) => item.name),
      unlocked: isUnlocked(order),
    })),
  };
}

export interface DigitalDownload {
  file_id: number;
  file_name: string;
  size_bytes: number;
  downloads: number;
  /** The signed link, valid for a while from when the page was made. */
  href: string;
}

export interface DigitalItem {
  id: number;
  product_id: number;
  name: string;
  thumbnail: string | null;
  quantity: number;
  line_total: number;
  licence_keys: string[];
  files: DigitalDownload[];
}

/** One of the shopper's orders with its digital items, their keys and signed download links (when unlocked); else null. */
export async function getDigitalOrder(db: Db, userId: number, orderId: number, now = new Date()) {
  const order = await db.selectFrom("orders as o").innerJoin("shops as s", "s.id", "o.shop_id")
    .select(["o.id", "o.created_at", "o.status", "o.payment_method", "o.payment_status", "o.payable", "s.id as shop_id", "s.name as shop_name", ...ORDER_CURRENCY_COLUMNS])
    .where("o.id", "=", orderId).where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!order) return null;
  const items = await db.selectFrom("order_items").select(["id", "product_id", "name", "thumbnail", "quantity", "line_total"])
    .where("order_id", "=", orderId).where("is_digital", "=", 1).orderBy("id").execute();
  if (items.length === 0) return null;

  const unlocked = isUnlocked(order);
  const itemIds = items.map((item) => item.id);
  const [keys, files, counts] = unlocked
    ? await Promise.all([
        db.selectFrom("product_licenses").select(["order_item_id", "license_key"]).where("order_item_id", "in", itemIds).orderBy("id").execute(),
        db.selectFrom("digital_product_files").select(["id", "product_id", "file_name", "size_bytes"])
          .where("product_id", "in", items.map((item) => item.product_id)).orderBy("id").execute(),
        db.selectFrom("digital_downloads").select(["order_item_id", "file_id", "downloads"]).where("order_item_id", "in", itemIds).execute(),
      ])
    : [[], [], []];

  const { shop_id, shop_name, currency_name, currency_symbol, currency_position, currency_rate, ...rest } = order;
  return {
    ...rest,
    shop: { id: shop_id, name: shop_name },
    currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
    unlocked,
    /** Paid online and still unpaid: Make Payment applies. */
    can_pay: order.payment_method !== "cash" && order.payment_status === "Pending" && order.status !== "Cancelled",
    items: items.map((item): DigitalItem => ({
      ...item,
      licence_keys: keys.filter((key) => key.order_item_id === item.id).map((key) => key.license_key),
      files: files.filter((file) => file.product_id === item.product_id).map((file) => ({
        file_id: file.id,
        file_name: file.file_name,
        size_bytes: file.size_bytes,
        downloads: counts.find((count) => count.order_item_id === item.id && count.file_id === file.id)?.downloads ?? 0,
        href: downloadHref({ userId, itemId: item.id, fileId: file.id }, now),
      })),
    })),
  };
}

/**
 * A download by the buyer: the item must be a digital line of their own order, paid and not cancelled, and the file
 * one of its product's; then the count goes up and the file's place on disk is returned. Anything else is null
 * (the route answers 404, the same for every reason).
 */
export async function takeDownload(db: Db, userId: number, itemId: number, fileId: number, now = new Date()) {
  const file = await db.selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .innerJoin("digital_product_files as f", "f.product_id", "i.product_id")
    .select(["f.id", "f.file_name", "f.path", "o.status", "o.payment_status"])
    .where("i.id", "=", itemId).where("i.is_digital", "=", 1).where("o.user_id", "=", userId).where("f.id", "=", fileId)
    .executeTakeFirst();
  if (!file || !isUnlocked(file)) return null;
  const onDisk = digitalFilePath(file.path);
  const stat = onDisk ? await fs.stat(onDisk).catch(() => null) : null;
  if (!onDisk || !stat?.isFile()) return null;
  const at = now.toISOString();
  await db.insertInto("digital_downloads").values({ order_item_id: itemId, file_id: fileId, downloads: 1, last_downloaded_at: at })
    .onConflict((conflict) => conflict.columns(["order_item_id", "file_id"]).doUpdateSet((eb) => ({
      downloads: eb("digital_downloads.downloads", "+", 1),
      last_downloaded_at: at,
    })))
    .execute();
  return { path: onDisk, file_name: file.file_name, size_bytes: stat.size };
}
