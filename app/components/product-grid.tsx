import type { Ref } from "react";
import type { ProductCard as ProductCardData } from "~/modules/catalog/products.server";
import { ProductCard } from "./product-card";

const COLUMNS = {
  five: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5",
  six: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-6",
} as const;

/** Product cards in a responsive grid. */
export function ProductGrid({
  products,
  columns = "five",
  listRef,
}: {
  products: ProductCardData[];
  columns?: keyof typeof COLUMNS;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul ref={listRef} className={`grid gap-4 ${COLUMNS[columns]}`}>
      {products.map((product) => (
        <li key={product.id}><ProductCard product={product} /></li>
      ))}
    </ul>
  );
}
