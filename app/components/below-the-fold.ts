import { hydrateWhenVisible } from "./lazy-component";

/** Parts of a page that start below the fold: their code loads when the shopper scrolls to them. */
export const ReviewsSectionWhenVisible = hydrateWhenVisible(() => import("./reviews-section"));

export const ProductGridWhenVisible = hydrateWhenVisible(() =>
  import("./product-card").then((module) => ({ default: module.ProductGrid })),
);
