/**
 * Deterministic randomness for the demo seed. Never Math.random: the same seed size must
 * give the same shop, so tests, screenshots and benchmarks are reproducible.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for demo data. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number | string) {
    this.next = mulberry32(typeof seed === "string" ? hashString(seed) : seed);
  }

  /** A generator for one named stream (e.g. `Random.for("product", 42)`), independent of the others. */
  static for(...parts: Array<string | number>): Random {
    return new Random(hashString(`bazaar-seed:${parts.join(":")}`));
  }

  float(): number {
    return this.next();
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks an index by weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** A new array in shuffled order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** Picks `count` distinct indices out of [0, length) without copying large arrays. */
  sampleIndices(length: number, count: number): number[] {
    const chosen = new Set<number>();
    const want = Math.min(count, length);
    while (chosen.size < want) chosen.add(Math.floor(this.next() * length));
    return [...chosen];
  }
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Hands out unique slugs: the first "foo" stays "foo", later ones become "foo-2", "foo-3" … */
export class SlugRegistry {
  private readonly seen = new Map<string, number>();

  take(text: string): string {
    const base = slugify(text) || "item";
    const count = this.seen.get(base);
    if (count === undefined) {
      this.seen.set(base, 1);
      return base;
    }
    let n = count + 1;
    while (this.seen.has(`${base}-${n}`)) n++;
    this.seen.set(base, n);
    this.seen.set(`${base}-${n}`, 1);
    return `${base}-${n}`;
  }
}

const DAY = 24 * 60 * 60 * 1000;

/** ISO timestamp `days` days from `now` (negative = in the past). */
export function daysFrom(now: number, days: number): string {
  return new Date(now + days * DAY).toISOString();
}

/** Rounds a minor-unit price to the usual "…99" ending (e.g. 2437 → 2399). */
export function charmPrice(minor: number): number {
  const rounded = Math.round(minor / 100) * 100 - 1;
  return Math.max(99, rounded);
}
