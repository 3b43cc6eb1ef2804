import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { dialectOf } from "~/db/dialect";
import type { Database } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** Words beyond these limits add nothing a shopper would miss and only cost index look-ups. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * The words of what a shopper typed, lower-cased: letters and digits only, so no quote, operator,
 * bracket or column filter of either engine's query language survives ("BZ-000123" → bz, 000123).
 */
export function searchTerms(text: string | null | undefined): string[] {
  const words = (text ?? "").toLowerCase().normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/**
 * Each word as a prefix term, all required: FTS5 `"lam"* "blu"*` and PostgreSQL `lam:* & blu:*`. A single
 * letter must match a whole word: as a prefix it would match most of the catalogue and rank all of it.
 */
function engineQuery(db: Db, terms: string[]): string {
  const prefix = (term: string) => term.length > 1;
  return dialectOf(db) === "postgres"
    ? terms.map((term) => (prefix(term) ? `${term}:*` : term)).join(" & ")
    : terms.map((term) => (prefix(term) ? `"${term}"*` : `"${term}"`)).join(" ");
}

/** A product query over `products as p`, the shape every product list is built on. */
export type ProductsQuery<O = object> = SelectQueryBuilder<Database & { p: Database["products"] }, "p", O>;

export interface SearchedProducts<O> {
  query: ProductsQuery<O>;
  /** Orders the matches best first (ascending), on both engines. */
  rank: RawBuilder<number>;
}

/**
 * Narrows a product query to the products matching a shopper's text; null when the text has no
 * searchable word. Name and code weigh more than the short description.
 *
 * SQLite joins the FTS5 index (`hits`) and ranks with bm25 and column weights. PostgreSQL tests the
 * row's own GIN-indexed `search_vector` (joining products to themselves made its planner read the
 * whole table) and ranks with ts_rank over the A/B weights, negated so lower is better on both.
 * Ranking costs a little for every match, so a count or facet asks for `ranked: false`. `best` keeps only
 * that many of the best-ranked matches (SQLite; PostgreSQL ignores it). The query string is always a bound
 * parameter.
 */
export function searchProducts<O>(
  db: Db,
  query: ProductsQuery<O>,
  text: string | null | undefined,
  { ranked, best }: { ranked: boolean; best?: number },
): SearchedProducts<O> | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const match = engineQuery(db, terms);
  if (dialectOf(db) === "postgres") {
    const tsquery = sql`to_tsquery('simple', ${match})`;
    return {
      query: query.where(sql<boolean>`p.search_vector @@ ${tsquery}`),
      rank: ranked ? sql<number>`-ts_rank(p.search_vector, ${tsquery})` : sql<number>`0`,
    };
  }
  const rank = ranked ? sql`bm25(products_fts, 10.0, 1.0, 10.0)` : sql`0`;
  // FTS5 ranks all matches quickly; joining only the best few to products is what keeps a common word cheap.
  // Ties go by id as in the list, so the best few are exactly the head of the full order.
  const onlyBest = ranked && best !== undefined ? sql`ORDER BY rank, rowid LIMIT ${best}` : sql``;
  const hits = sql<{ id: number; rank: number }>`(
    SELECT rowid AS id, ${rank} AS rank
    FROM products_fts
    WHERE products_fts MATCH ${match}
    ${onlyBest}
  )`.as("hits");
  // The join adds the `hits` table; the list goes on treating the query as one over products.
  return { query: query.innerJoin(hits, "hits.id", "p.id") as unknown as ProductsQuery<O>, rank: sql<number>`hits.rank` };
}
