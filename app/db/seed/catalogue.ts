import fs from "node:fs";
import type { Insertable } from "kysely";
import { demoFile, digitalFilePath } from "~/modules/digital/digital-files.server";
import { licenceKey } from "~/modules/digital/licence-key";
import type { Database } from "../schema";
import {
  BRANDS,
  CATEGORIES,
  CITIES,
  CLOTHING_SIZES,
  COLORS,
  CURATED_SHOPS,
  DIGITAL_REVIEW_TEXTS,
  FIRST_NAMES,
  LAST_NAMES,
  REVIEW_TEXTS,
  SHOE_SIZES,
  SHOP_PREFIXES,
  SHOP_SUFFIXES,
  STREETS,
  UNITS,
  type CategorySpec,
  type SubCategorySpec,
} from "./data";
import { insertRows, type Executor } from "./insert";
import { Random, SlugRegistry, charmPrice, daysFrom, slugify } from "./random";

type New<T extends keyof Database> = Insertable<Database[T]>;
export type Progress = (step: string, done: number, total: number) => void;

const DAY = 24 * 60 * 60 * 1000;

/** Ids of the reference rows, by name or slug. */
export interface Reference {
  categoryIds: number[]; // by CATEGORIES index
  subCategoryIds: number[][]; // [category index][sub index]
  brandIdsByCategory: number[][];
  colorIds: number[];
  clothingSizeIds: number[];
  shoeSizeIds: number[];
  unitIds: Map<string, number>;
}

export async function seedReference(db: Executor): Promise<Reference> {
  const categories: New<"categories">[] = [];
  const subCategories: New<"sub_categories">[] = [];
  const categoryIds: number[] = [];
  const subCategoryIds: number[][] = [];
  let subId = 0;
  CATEGORIES.forEach((category, index) => {
    const id = index + 1;
    categoryIds.push(id);
    categories.push({ id, name: category.name, slug: category.slug, thumbnail: `/media/seed/category/${category.slug}.svg`, sort: index + 1, is_active: 1 });
    subCategoryIds.push(
      category.subs.map((sub, subIndex) => {
        subId += 1;
        subCategories.push({
          id: subId, category_id: id, name: sub.name, slug: sub.slug,
          thumbnail: `/media/seed/category/${sub.slug}.svg`, sort: subIndex + 1, is_active: 1,
        });
        return subId;
      }),
    );
  });

  const brands = BRANDS.map((name, index) => {
    const slug = slugify(name);
    return { id: index + 1, name, slug, logo: `/media/seed/brand/${slug}.svg` };
  });
  // Each category carries four brands, overlapping with its neighbours.
  const brandIdsByCategory = CATEGORIES.map((_, c) => [0, 1, 2, 3].map((k) => ((c * 3 + k * 4) % BRANDS.length) + 1));

  const colors = COLORS.map(([name, color_code], index) => ({ id: index + 1, name, color_code }));
  const sizes = [...CLOTHING_SIZES, ...SHOE_SIZES].map((name, index) => ({
    id: index + 1, name, sort: index < CLOTHING_SIZES.length ? index + 1 : 10 + index,
  }));
  const units = UNITS.map((name, index) => ({ id: index + 1, name }));

  await insertRows(db, "categories", categories);
  await insertRows(db, "sub_categories", subCategories);
  await insertRows(db, "brands", brands);
  await insertRows(db, "colors", colors);
  await insertRows(db, "sizes", sizes);
  await insertRows(db, "units", units);

  return {
    categoryIds,
    subCategoryIds,
    brandIdsByCategory,
    colorIds: colors.map((c) => c.id),
    clothingSizeIds: sizes.slice(0, CLOTHING_SIZES.length).map((s) => s.id),
    shoeSizeIds: sizes.slice(CLOTHING_SIZES.length).map((s) => s.id),
    unitIds: new Map(units.map((u) => [u.name, u.id])),
  };
}

export interface SeededShop {
  id: number;
  name: string;
  slug: string;
  categories: number[];
  /** Sub-category slugs the shop is limited to, if any. */
  subs: ReadonlySet<string> | null;
}

const CATEGORY_INDEX = new Map(CATEGORIES.map((c, i) => [c.slug, i]));
const CATEGORY_WEIGHTS = CATEGORIES.map((c) => c.weight);

export async function seedShops(db: Executor, count: number, now: number): Promise<SeededShop[]> {
  const slugs = new SlugRegistry();
  const names = new Set<string>();
  const shops: SeededShop[] = [];
  const rows: New<"shops">[] = [];

  for (let i = 0; i < count; i++) {
    const rng = Random.for("shop", i);
    const id = i + 1;
    let name: string;
    let categories: number[];
    let tagline: string;
    let city: string;
    const curated = CURATED_SHOPS[i];
    if (curated) {
      name = curated.name;
      categories = curated.categories.map((slug) => CATEGORY_INDEX.get(slug)!);
      tagline = curated.tagline;
      city = curated.city;
    } else {
      const main = rng.weightedIndex(CATEGORY_WEIGHTS);
      categories = [main];
      if (!CATEGORIES[main].digital && rng.chance(0.3)) {
        const second = rng.weightedIndex(CATEGORY_WEIGHTS);
        if (second !== main && !CATEGORIES[second].digital) categories.push(second);
      }
      name = shopName(rng, CATEGORIES[main], names);
      tagline = rng.pick([
        `Quality ${CATEGORIES[main].name.toLowerCase()} at fair prices.`,
        `Hand-picked ${CATEGORIES[main].name.toLowerCase()}, shipped with care.`,
        `Your neighbourhood shop for ${CATEGORIES[main].name.toLowerCase()}.`,
        `Independent sellers of ${CATEGORIES[main].name.toLowerCase()} since ${rng.int(2008, 2022)}.`,
      ]);
      city = rng.pick(CITIES);
    }
    names.add(name);
    const slug = slugs.take(name);
    const digitalOnly = categories.every((c) => CATEGORIES[c].digital);
    const categoryNames = categories.map((c) => CATEGORIES[c].name.toLowerCase()).join(" and ");
    const description = [
      `${name} is an independent seller on Bazaar specialising in ${categoryNames}.`,
      tagline,
      rng.pick([
        "Every order is packed by hand and shipped from our own workshop.",
        "We answer every message within a day and stand behind everything we sell.",
        "Our team tests each product before it goes on sale.",
        "We work directly with makers and brands to keep prices fair.",
      ]),
      digitalOnly ? "Purchases are delivered instantly to your account." : "Returns are easy within the return window shown on your order.",
    ].join(" ");
    shops.push({ id, name, slug, categories, subs: curated?.subs ? new Set(curated.subs) : null });
    rows.push({
      id,
      user_id: null,
      name,
      slug,
      logo: `/media/seed/logo/${slug}.svg`,
      banner: `/media/seed/banner/${slug}.svg`,
      short_description: tagline,
      description,
      address: `${rng.int(10, 980)} ${rng.pick(STREETS)}, ${city}`,
      rating: 0,
      total_reviews: 0,
      delivery_charge: digitalOnly ? 0 : rng.pick([0, 299, 499, 599, 799, 999, 1200, 1500]),
      estimated_delivery_days: digitalOnly ? 1 : rng.int(1, 7),
      is_active: 1,
      created_at: daysFrom(now, -rng.int(200, 1200)),
    });
  }
  await insertRows(db, "shops", rows);
  return shops;
}

function shopName(rng: Random, category: CategorySpec, taken: Set<string>): string {
  for (let attempt = 0; attempt < 40; attempt++) {
    const prefix = rng.pick(SHOP_PREFIXES);
    const suffix = attempt < 10 ? "" : rng.pick(SHOP_SUFFIXES);
    const middle = attempt < 20 ? "" : ` ${rng.pick(SHOP_PREFIXES)}`;
    const name = `${prefix}${middle} ${category.shopNoun}${suffix ? ` ${suffix}` : ""}`;
    if (!taken.has(name)) return name;
  }
  let n = 2;
  const base = `${rng.pick(SHOP_PREFIXES)} ${category.shopNoun}`;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/** What the later steps (flash sales, blogs) and the shop ratings need from the products. */
export interface ProductSummary {
  count: number;
  /** Physical products with enough stock for a flash sale (at most a few hundred). */
  flashCandidates: Array<{ id: number; price: number }>;
  /** A few product ids per category index. */
  byCategory: number[][];
  shopRatings: Map<number, { sum: number; count: number }>;
  totals: Record<string, number>;
}

const DISCOUNTS = [5, 10, 10, 15, 20, 20, 25, 30, 40, 50];
const REVIEW_COUNT_WEIGHTS = [15, 14, 18, 18, 14, 12, 9]; // 0 … 6 reviews
const RATING_WEIGHTS = [3, 5, 12, 34, 46]; // 1 … 5 stars
/** The small real files every seeded digital product delivers (app/db/seed/files), with their sizes. */
const DEMO_DOWNLOADS = [
  { suffix: ".zip", file: demoFile("sample-pack.zip") },
  { suffix: "-guide.pdf", file: demoFile("user-guide.pdf") },
].map((download) => ({ ...download, size_bytes: fs.statSync(digitalFilePath(download.file)!).size }));
const BATCH = 1_000;

function fillName(rng: Random, category: CategorySpec, sub: SubCategorySpec): string {
  const [noun, own] = rng.pick(sub.nouns).split("=");
  const material = rng.pick(own ? own.split("|") : sub.materials);
  // Avoid "Wireless Wireless Earbuds": re-draw an adjective that repeats a word of the rest.
  const rest = `${material} ${noun}`.toLowerCase();
  const adjectives = sub.adjectives ?? category.adjectives;
  let adjective = rng.pick(adjectives);
  for (let tries = 0; tries < 8 && rest.includes(adjective.toLowerCase()); tries++) adjective = rng.pick(adjectives);
  return (sub.pattern ?? "{adj} {mat} {noun}").replace("{adj}", adjective).replace("{mat}", material).replace("{noun}", noun);
}

function discountedPrice(price: number, percent: number): number {
  let value = charmPrice(price * (1 - percent / 100));
  if (value >= price) value = Math.floor(price * (1 - percent / 100));
  return Math.max(1, Math.min(value, price - 1));
}

export async function seedProducts(
  db: Executor,
  options: { count: number; shops: SeededShop[]; ref: Reference; now: number; onProgress: Progress },
): Promise<ProductSummary> {
  const { count, shops, ref, now, onProgress } = options;
  const shopsByCategory: SeededShop[][] = CATEGORIES.map((_, c) => shops.filter((s) => s.categories.includes(c)));
  const slugs = new SlugRegistry();
  const licences = new Set<string>();
  const summary: ProductSummary = {
    count,
    flashCandidates: [],
    byCategory: CATEGORIES.map(() => []),
    shopRatings: new Map(),
    totals: { product_images: 0, product_colors: 0, product_sizes: 0, product_units: 0, digital_product_files: 0, product_licenses: 0, reviews: 0 },
  };
  let imageId = 0;
  let fileId = 0;
  let licenceId = 0;
  let reviewId = 0;

  onProgress("products", 0, count);
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const products: New<"products">[] = [];
    const images: New<"product_images">[] = [];
    const colors: New<"product_colors">[] = [];
    const sizes: New<"product_sizes">[] = [];
    const units: New<"product_units">[] = [];
    const files: New<"digital_product_files">[] = [];
    const keys: New<"product_licenses">[] = [];
    const reviews: New<"reviews">[] = [];

    for (let i = start; i < end; i++) {
      const id = i + 1;
      const rng = Random.for("product", i);
      const c = rng.weightedIndex(CATEGORY_WEIGHTS);
      const category = CATEGORIES[c];
      const candidates = shopsByCategory[c].length > 0 ? shopsByCategory[c] : shops;
      const shop = rng.pick(candidates);
      const allowed = shop.subs ? category.subs.flatMap((sub, index) => (shop.subs!.has(sub.slug) ? [index] : [])) : [];
      const s = allowed.length > 0 ? rng.pick(allowed) : rng.int(0, category.subs.length - 1);
      const sub = category.subs[s];
      const digital = category.digital === true;
      const name = fillName(rng, category, sub);
      const slug = slugs.take(name);
      const brandId = rng.pick(ref.brandIdsByCategory[c]);
      const brandName = BRANDS[brandId - 1];

      const [low, high] = sub.price;
      const price = charmPrice(low + (high - low) * rng.float() ** 2);
      const discount = rng.chance(0.4) ? discountedPrice(price, rng.pick(DISCOUNTS)) : 0;
      const quantity = digital ? 9999 : rng.chance(0.04) ? 0 : rng.int(1, 200);
      const ageDays = rng.float() * 365;
      const createdAt = new Date(now - ageDays * DAY).toISOString();
      const totalSold = Math.floor(rng.float() ** 3 * 2000);
      const totalViews = totalSold * rng.int(3, 12) + rng.int(0, 500);

      const audience = rng.pick(sub.audience ?? category.audience);
      const features = rng.sample([...(sub.features ?? []), ...category.features], 3);
      const shortDescription = `${rng.pick(["Perfect for", "Made for", "Designed for", "Great for"])} ${audience}. ${features[0]}`;
      const description = [
        `${name} by ${brandName}, from our ${sub.name.toLowerCase()} range at ${shop.name}. ${features[0]} ${features[1]}`,
        `${features[2] ?? ""} ${digital ? "Your download link and licence key are available in your account right after payment." : "Ships in protective packaging; see the shop's delivery details for timing."}`.trim(),
      ].join("\n\n");

      // Reviews first, so the product row carries its own rating.
      const reviewCount = rng.weightedIndex(REVIEW_COUNT_WEIGHTS);
      let ratingSum = 0;
      for (let r = 0; r < reviewCount; r++) {
        const stars = (rng.weightedIndex(RATING_WEIGHTS) + 1) as 1 | 2 | 3 | 4 | 5;
        ratingSum += stars;
        const text = digital && stars >= 4 && rng.chance(0.5) ? rng.pick(DIGITAL_REVIEW_TEXTS) : rng.pick(REVIEW_TEXTS[stars]);
        reviews.push({
          id: ++reviewId,
          product_id: id,
          shop_id: shop.id,
          user_id: null,
          customer_name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES).charAt(0)}.`,
          rating: stars,
          description: text,
          is_active: 1,
          created_at: new Date(now - ageDays * DAY * rng.float()).toISOString(),
        });
      }
      if (reviewCount > 0) {
        const agg = summary.shopRatings.get(shop.id) ?? { sum: 0, count: 0 };
        agg.sum += ratingSum;
        agg.count += reviewCount;
        summary.shopRatings.set(shop.id, agg);
      }

      products.push({
        id,
        shop_id: shop.id,
        category_id: ref.categoryIds[c],
        sub_category_id: ref.subCategoryIds[c][s],
        brand_id: brandId,
        unit_id: digital ? null : (ref.unitIds.get(sub.unit ?? "pcs") ?? null),
        name,
        slug,
        code: `BZ-${String(id).padStart(6, "0")}`,
        short_description: shortDescription,
        description,
        price,
        discount_price: discount,
        quantity,
        min_order_quantity: 1,
        is_active: 1,
        is_new: ageDays < 30 || rng.chance(0.03) ? 1 : 0,
        is_featured: rng.chance(0.1) ? 1 : 0,
        is_digital: digital ? 1 : 0,
        rating: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : 0,
        total_reviews: reviewCount,
        total_sold: totalSold,
        total_views: totalViews,
        video_url: null,
        meta_title: name,
        meta_description: shortDescription,
        created_at: createdAt,
        updated_at: createdAt,
      });

      const imageCount = rng.int(1, 3);
      for (let n = 1; n <= imageCount; n++) {
        images.push({ id: ++imageId, product_id: id, path: `/media/seed/product/${id}-${n}.svg`, alt: `${name} – view ${n}`, sort: n - 1 });
      }

      const opts = sub.options ?? [];
      if (!digital && opts.includes("clothing")) {
        const from = rng.int(0, 1);
        const to = rng.int(from + 2, CLOTHING_SIZES.length - 1);
        for (let k = from; k <= to; k++) {
          sizes.push({ product_id: id, size_id: ref.clothingSizeIds[k], price: k === 3 ? 200 : k === 4 ? 400 : 0 });
        }
      }
      if (!digital && opts.includes("shoes")) {
        const length = rng.int(4, SHOE_SIZES.length);
        const from = rng.int(0, SHOE_SIZES.length - length);
        for (let k = from; k < from + length; k++) sizes.push({ product_id: id, size_id: ref.shoeSizeIds[k], price: 0 });
      }
      if (!digital && (opts.includes("clothing") || opts.includes("colors"))) {
        const picked = rng.sample(ref.colorIds, rng.int(opts.includes("clothing") ? 2 : 1, 4));
        picked.forEach((colorId, k) => colors.push({ product_id: id, color_id: colorId, price: k === 0 ? 0 : rng.pick([0, 0, 100, 200, 300]) }));
      }
      if (!digital && opts.includes("units") && sub.units && rng.chance(0.6)) {
        const base = sub.unit ?? sub.units[0];
        units.push({ product_id: id, unit_id: ref.unitIds.get(base)!, price: 0 });
        for (const unit of sub.units) {
          if (unit === base) continue;
          const multiple = rng.int(2, 6);
          units.push({ product_id: id, unit_id: ref.unitIds.get(unit)!, price: Math.round((price * (multiple - 1) * 0.9) / 10) * 10 });
        }
      }

      if (digital) {
        // Two draws that once made up a file size: kept so that the rest of the demo catalogue stays the same.
        rng.int(1, 900);
        rng.int(0, 1023);
        for (const download of DEMO_DOWNLOADS) {
          files.push({ id: ++fileId, product_id: id, file_name: `${slug}${download.suffix}`, path: download.file, size_bytes: download.size_bytes });
        }
        for (let k = 0; k < 5; k++) {
          const draw = (n: number) => rng.int(0, n - 1);
          let key = licenceKey(draw);
          while (licences.has(key)) key = licenceKey(draw);
          licences.add(key);
          keys.push({ id: ++licenceId, product_id: id, license_key: key, order_item_id: null, created_at: createdAt });
        }
      }

      if (!digital && quantity >= 20 && summary.flashCandidates.length < 400) summary.flashCandidates.push({ id, price });
      if (summary.byCategory[c].length < 24 && quantity > 0) summary.byCategory[c].push(id);
    }

    await db.transaction().execute(async (trx) => {
      await insertRows(trx, "products", products);
      await insertRows(trx, "product_images", images);
      await insertRows(trx, "product_colors", colors);
      await insertRows(trx, "product_sizes", sizes);
      await insertRows(trx, "product_units", units);
      await insertRows(trx, "digital_product_files", files);
      await insertRows(trx, "product_licenses", keys);
      await insertRows(trx, "reviews", reviews);
    });
    summary.totals.product_images += images.length;
    summary.totals.product_colors += colors.length;
    summary.totals.product_sizes += sizes.length;
    summary.totals.product_units += units.length;
    summary.totals.digital_product_files += files.length;
    summary.totals.product_licenses += keys.length;
    summary.totals.reviews += reviews.length;
    onProgress("products", end, count);
  }
  return summary;
}

/** Shop rating = the average of its products' reviews (one decimal), with the review count. */
export async function updateShopRatings(db: Executor, shops: SeededShop[], summary: ProductSummary, onProgress: Progress) {
  onProgress("ratings", 0, shops.length);
  await db.transaction().execute(async (trx) => {
    let done = 0;
    for (const shop of shops) {
      const agg = summary.shopRatings.get(shop.id);
      if (agg && agg.count > 0) {
        await trx
          .updateTable("shops")
          .set({ rating: Math.round((agg.sum / agg.count) * 10) / 10, total_reviews: agg.count })
          .where("id", "=", shop.id)
          .execute();
      }
      done++;
      if (done % 100 === 0) onProgress("ratings", done, shops.length);
    }
  });
  onProgress("ratings", shops.length, shops.length);
}
