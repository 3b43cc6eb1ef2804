import type { Db } from "~/lib/db.server";

/*
 * What a batch of requests changed in the database, row by row, and whose rows they were: the hostile-input test
 * proves that a form changes nothing outside its target (the acting user's own rows, or for shop staff their
 * shop's orders) apart from what the form's route is allowed to touch.
 */

type Row = Record<string, unknown>;
/** Every row of every table, by key (its id, token or other natural key), with its serialized value. */
export type Snapshot = Map<string, Map<string, { row: Row; text: string }>>;

export interface RowChange {
  table: string;
  key: string;
  kind: "added" | "changed" | "deleted";
  before?: Row;
  after?: Row;
  /** Columns whose values differ (all of them for an added or deleted row). */
  columns: string[];
}

/** Whose a row is: the user it belongs to and the shop it is about; null for catalogue and settings. */
export interface Owner {
  userId: number | null;
  shopId: number | null;
}

/** Child rows belong to whoever owns their parent. */
const PARENTS: Record<string, [column: string, parent: string]> = {
  order_items: ["order_id", "orders"],
  order_taxes: ["order_id", "orders"],
  order_events: ["order_id", "orders"],
  chat_messages: ["conversation_id", "chat_conversations"],
  return_order_items: ["return_order_id", "return_orders"],
  support_ticket_messages: ["ticket_id", "support_tickets"],
  support_ticket_attachments: ["message_id", "support_ticket_messages"],
  digital_downloads: ["order_item_id", "order_items"],
  product_licenses: ["order_item_id", "order_items"],
};

const keyOf = (row: Row) =>
  row.id !== undefined ? String(row.id) : row.token_hash !== undefined ? String(row.token_hash) : row.key !== undefined ? String(row.key) : JSON.stringify(row);

/** Reads the whole database (the demo shop is small: a few thousand rows). */
export async function snapshot(db: Db): Promise<Snapshot> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith("kysely_"));
  const result: Snapshot = new Map();
  for (const table of tables.sort()) {
    const rows = (await db.selectFrom(table as never).selectAll().execute()) as Row[];
    result.set(table, new Map(rows.map((row) => [keyOf(row), { row, text: JSON.stringify(row) }])));
  }
  return result;
}

export function changesBetween(before: Snapshot, after: Snapshot): RowChange[] {
  const changes: RowChange[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(table) ?? new Map();
    const now = after.get(table) ?? new Map();
    for (const key of new Set([...old.keys(), ...now.keys()])) {
      const was = old.get(key);
      const is = now.get(key);
      if (was?.text === is?.text) continue;
      const columns = Object.keys(is?.row ?? was!.row).filter((column) => !was || !is || JSON.stringify(was.row[column]) !== JSON.stringify(is.row[column]));
      changes.push({ table, key, kind: !was ? "added" : !is ? "deleted" : "changed", before: was?.row, after: is?.row, columns });
    }
  }
  return changes;
}

/** The owner of a changed row, looked up through its parents in the snapshots (after the change, else before). */
export function ownerOf(change: { table: string; before?: Row; after?: Row }, ...snapshots: Snapshot[]): Owner | null {
  let table = change.table;
  let row: Row | undefined = change.after ?? change.before;
  for (let depth = 0; row && depth < 4; depth++) {
    const parent = PARENTS[table];
    if (parent && row[parent[0]] != null) {
      const id = String(row[parent[0]]);
      table = parent[1];
      row = snapshots.map((snap) => snap.get(table)?.get(id)?.row).find(Boolean);
      continue;
    }
    if (table === "users") return { userId: Number(row.id), shopId: row.shop_id == null ? null : Number(row.shop_id) };
    if (table === "shops") return { userId: row.user_id == null ? null : Number(row.user_id), shopId: Number(row.id) };
    if ("user_id" in row || "shop_id" in row) {
      return { userId: row.user_id == null ? null : Number(row.user_id), shopId: row.shop_id == null ? null : Number(row.shop_id) };
    }
    return null;
  }
  return null;
}
