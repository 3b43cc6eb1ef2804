/**
 * Demo artwork for the seeded marketplace: small SVG images rendered deterministically from
 * (kind, key), so the demo shop looks finished without shipping binary images. Pure functions;
 * served by routes/media.seed.$kind.$file.tsx as /media/seed/{kind}/{key}.svg.
 */
import { CATEGORIES } from "~/db/seed/data";

export const SEED_ART_KINDS = ["product", "logo", "banner", "hero", "category", "blog", "avatar", "social", "brand", "flash"] as const;
export type SeedArtKind = (typeof SEED_ART_KINDS)[number];

const KEY_PATTERN = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;
const FONT = "system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif";

export function isSeedArtKind(kind: string): kind is SeedArtKind {
  return (SEED_ART_KINDS as readonly string[]).includes(kind);
}

/** The SVG for (kind, key), or null for an unknown kind or a malformed key. */
export function renderSeedArt(kind: string, key: string): string | null {
  if (!isSeedArtKind(kind) || typeof key !== "string" || key.length > 100 || !KEY_PATTERN.test(key)) return null;
  switch (kind) {
    case "product": return product(key);
    case "logo": return logo(key);
    case "banner": return banner(key);
    case "hero": return hero(key);
    case "category": return category(key);
    case "blog": return blog(key);
    case "avatar": return avatar(key);
    case "social": return social(key);
    case "brand": return brand(key);
    case "flash": return flash(key);
  }
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

// ---------------------------------------------------------------------------------------------
// helpers

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function rng(seed: string) {
  let a = hash(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

const VIVID: ReadonlyArray<readonly [string, string]> = [
  ["#4338ca", "#7c3aed"], ["#0369a1", "#4f46e5"], ["#0f766e", "#0369a1"], ["#b45309", "#be123c"],
  ["#be185d", "#6d28d9"], ["#15803d", "#0f766e"], ["#c2410c", "#be185d"], ["#1d4ed8", "#0e7490"],
  ["#6d28d9", "#be185d"], ["#047857", "#4d7c0f"], ["#be123c", "#c2410c"], ["#0f766e", "#4338ca"],
];
const PASTEL: ReadonlyArray<readonly [string, string]> = [
  ["#eef2ff", "#e0e7ff"], ["#fdf2f8", "#fce7f3"], ["#ecfeff", "#cffafe"], ["#f0fdf4", "#dcfce7"],
  ["#fff7ed", "#ffedd5"], ["#fefce8", "#fef3c7"], ["#f5f3ff", "#ede9fe"], ["#f0f9ff", "#e0f2fe"],
];

const SMALL_WORDS = new Set(["and", "of", "the", "for", "to", "in", "a"]);

function words(key: string): string[] {
  return key.split(/[-_.]+/).filter((w) => w && !/^\d+$/.test(w));
}

function title(key: string, max = 40): string {
  const text = words(key)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function initials(key: string): string {
  const parts = words(key).filter((w) => !SMALL_WORDS.has(w));
  const letters = parts.length >= 2 ? parts[0][0] + parts[1][0] : (parts[0] ?? key).slice(0, 2);
  return letters.toUpperCase();
}

/** Splits a title into at most two balanced lines. */
function twoLines(text: string, limit: number): string[] {
  if (text.length <= limit) return [text];
  const parts = text.split(" ");
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < parts.length; i++) {
    const diff = Math.abs(parts.slice(0, i).join(" ").length - parts.slice(i).join(" ").length);
    if (diff < bestDiff) [best, bestDiff] = [i, diff];
  }
  return [parts.slice(0, best).join(" "), parts.slice(best).join(" ")];
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function linear(id: string, [from, to]: readonly [string, string], vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function text(x: number, y: number, size: number, content: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="700" ${extra}>${escapeXml(content)}</text>`;
}

// ---------------------------------------------------------------------------------------------
// kinds

/** Product shots: key "<id>-<n>"; all views of one product share colours, each view differs a little. */
function product(key: string): string {
  const match = /^(.*)-(\d+)$/.exec(key);
  const base = match ? match[1] : key;
  const view = match ? Number(match[2]) : 1;
  const r = rng(`product:${base}`);
  const bg = r.pick(PASTEL);
  const [c1, c2] = r.pick(VIVID);
  const shape = r.int(0, 5);
  const v = rng(`product:${key}`);
  const angle = view <= 1 ? 0 : v.int(-12, 12);
  const scale = view <= 1 ? 1 : 0.85 + v.next() * 0.2;
  const blob = `<circle cx="${v.int(380, 480)}" cy="${v.int(110, 200)}" r="${v.int(90, 150)}" fill="#fff" opacity=".55"/>`;
  const shapes = [
    // gift box
    `<rect x="190" y="250" width="220" height="170" rx="14" fill="url(#o)"/><rect x="175" y="215" width="250" height="55" rx="12" fill="${c1}"/><rect x="285" y="215" width="30" height="205" fill="#fff" opacity=".85"/><path d="M300 215c-30-50-85-40-70-10s70 10 70 10c0 0 55 20 70-10s-40-40-70 10z" fill="none" stroke="${c2}" stroke-width="12"/>`,
    // bottle
    `<rect x="270" y="150" width="60" height="50" rx="8" fill="${c1}"/><path d="M255 200h90c25 30 40 55 40 90v120a20 20 0 0 1-20 20H235a20 20 0 0 1-20-20V290c0-35 15-60 40-90z" fill="url(#o)"/><rect x="235" y="300" width="130" height="70" rx="8" fill="#fff" opacity=".85"/>`,
    // ball
    `<circle cx="300" cy="310" r="130" fill="url(#o)"/><path d="M175 290c80 30 170 30 250 0M300 180c-40 80-40 180 0 260" fill="none" stroke="#fff" stroke-width="9" opacity=".7"/><circle cx="255" cy="255" r="28" fill="#fff" opacity=".35"/>`,
    // shopping bag
    `<path d="M250 230v-30a50 50 0 0 1 100 0v30" fill="none" stroke="${c1}" stroke-width="14"/><path d="M190 230h220l-15 200H205z" fill="url(#o)"/><circle cx="300" cy="320" r="34" fill="#fff" opacity=".8"/>`,
    // mug
    `<path d="M380 260h20a45 45 0 0 1 0 90h-20" fill="none" stroke="${c1}" stroke-width="18"/><rect x="200" y="220" width="185" height="210" rx="22" fill="url(#o)"/><rect x="200" y="270" width="185" height="36" fill="#fff" opacity=".6"/>`,
    // device
    `<rect x="215" y="150" width="170" height="290" rx="26" fill="${c1}"/><rect x="228" y="170" width="144" height="240" rx="12" fill="url(#o)"/><circle cx="300" cy="425" r="7" fill="#fff" opacity=".8"/><path d="M240 330l40-45 35 30 25-20 32 35v35H240z" fill="#fff" opacity=".45"/>`,
  ];
  const body =
    `<defs>${linear("b", bg, true)}${linear("o", [c1, c2])}</defs>` +
    `<rect width="600" height="600" fill="url(#b)"/>${blob}` +
    `<ellipse cx="300" cy="470" rx="${Math.round(150 * scale)}" ry="22" fill="#0f172a" opacity=".12"/>` +
    `<g transform="rotate(${angle} 300 320) translate(300 320) scale(${scale.toFixed(2)}) translate(-300 -320)">${shapes[shape]}</g>`;
  return svg(600, 600, body);
}

function logo(key: string): string {
  const r = rng(`logo:${key}`);
  const colors = r.pick(VIVID);
  const letters = initials(key);
  const body =
    `<defs>${linear("g", colors)}</defs><rect width="200" height="200" rx="44" fill="url(#g)"/>` +
    `<circle cx="160" cy="40" r="60" fill="#fff" opacity=".12"/><circle cx="30" cy="180" r="50" fill="#fff" opacity=".08"/>` +
    text(100, 124, letters.length > 1 ? 72 : 88, letters, 'fill="#fff" text-anchor="middle" letter-spacing="2"');
  return svg(200, 200, body);
}

function banner(key: string): string {
  const r = rng(`banner:${key}`);
  const colors = r.pick(VIVID);
  let circles = "";
  for (let i = 0; i < 7; i++) {
    circles += `<circle cx="${r.int(0, 1200)}" cy="${r.int(-40, 340)}" r="${r.int(30, 170)}" fill="#fff" opacity="${(0.05 + r.next() * 0.12).toFixed(2)}"/>`;
  }
  const wave = `<path d="M0 ${r.int(200, 240)}C300 ${r.int(150, 210)} 500 ${r.int(260, 320)} 800 ${r.int(210, 250)}S1100 ${r.int(170, 230)} 1200 ${r.int(200, 240)}V300H0z" fill="#fff" opacity=".14"/>`;
  return svg(1200, 300, `<defs>${linear("g", colors)}</defs><rect width="1200" height="300" fill="url(#g)"/>${circles}${wave}`);
}

function hero(key: string): string {
  const r = rng(`hero:${key}`);
  const colors = r.pick(VIVID);
  const lines = twoLines(title(key, 44), 22);
  const size = lines.length > 1 ? 64 : 72;
  const firstY = lines.length > 1 ? 150 : 190;
  const headline = lines.map((line, i) => text(80, firstY + i * (size + 10), size, line, 'fill="#fff"')).join("");
  const pillY = firstY + (lines.length - 1) * (size + 10) + 46;
  const body =
    `<defs>${linear("g", colors)}</defs><rect width="1200" height="400" fill="url(#g)"/>` +
    `<circle cx="950" cy="200" r="${r.int(150, 190)}" fill="#fff" opacity=".14"/><circle cx="1100" cy="60" r="90" fill="#fff" opacity=".1"/>` +
    `<circle cx="${r.int(720, 800)}" cy="330" r="60" fill="#fff" opacity=".08"/>` +
    `<g transform="translate(880 120)" fill="#fff"><path d="M40 50V35a40 40 0 0 1 80 0v15" fill="none" stroke="#fff" stroke-width="12"/><path d="M0 50h160l-12 140H12z" opacity=".9"/><circle cx="80" cy="120" r="26" fill="${colors[0]}"/></g>` +
    headline +
    `<rect x="80" y="${pillY}" width="200" height="56" rx="28" fill="#fff"/>` +
    text(180, pillY + 36, 24, "Shop now", `fill="${colors[0]}" text-anchor="middle"`);
  return svg(1200, 400, body);
}

const CATEGORY_GLYPHS: Record<string, string> = {
  fashion: `<path d="M70 60l20-12h20c2 8 8 12 10 12s8-4 10-12h20l20 12 12 26-22 10-8-14v64H78V72l-8 14-22-10z"/>`,
  electronics: `<rect x="72" y="48" width="56" height="104" rx="10"/><rect x="80" y="60" width="40" height="72" rx="3" fill="#fff" opacity=".45"/>`,
  books: `<path d="M54 62c16-6 32-6 46 4v84c-14-10-30-10-46-4zM146 62c-16-6-32-6-46 4v84c14-10 30-10 46-4z"/>`,
  "home-kitchen": `<path d="M100 50l54 44h-14v56h-28v-36H88v36H60V94H46z"/>`,
  beauty: `<path d="M100 46c22 32 36 52 36 70a36 36 0 0 1-72 0c0-18 14-38 36-70z"/>`,
  "sports-outdoors": `<circle cx="100" cy="100" r="46"/><path d="M58 82c28 10 56 10 84 0M100 54c-14 28-14 64 0 92" fill="none" stroke="#fff" stroke-width="5" opacity=".6"/>`,
  "toys-games": `<rect x="58" y="96" width="40" height="40" rx="6"/><rect x="102" y="96" width="40" height="40" rx="6" opacity=".75"/><rect x="80" y="54" width="40" height="40" rx="6" opacity=".85"/>`,
  grocery: `<path d="M50 78h100l-12 62H62z"/><path d="M74 78l14-26M126 78l-14-26" stroke-width="8" fill="none" stroke="currentColor"/>`,
  "jewelry-watches": `<path d="M70 64h60l20 24-50 58-50-58z"/><path d="M50 88h100" stroke="#fff" stroke-width="4" opacity=".5"/>`,
  "software-apps": `<rect x="48" y="58" width="104" height="84" rx="10"/><path d="M84 88l-14 12 14 12M116 88l14 12-14 12" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
  "music-media": `<path d="M88 56l56-12v70a14 14 0 1 1-8-13V66l-40 8v52a14 14 0 1 1-8-13z"/>`,
};

const PARENT_OF = new Map<string, string>(CATEGORIES.flatMap((c) => [[c.slug, c.slug] as const, ...c.subs.map((s) => [s.slug, c.slug] as const)]));

function category(key: string): string {
  const parent = PARENT_OF.get(key);
  const index = parent ? CATEGORIES.findIndex((c) => c.slug === parent) : hash(key);
  const colors = VIVID[index % VIVID.length];
  const bg = PASTEL[index % PASTEL.length];
  const glyph = parent ? CATEGORY_GLYPHS[parent] : undefined;
  // Sub-categories share the parent's glyph, distinguished by a tinted corner.
  const accent = parent && parent !== key ? `<circle cx="${150 + (hash(key) % 30)}" cy="${40 + (hash(key) % 20)}" r="26" fill="${colors[1]}" opacity=".18"/>` : "";
  const content = glyph
    ? `<g fill="url(#g)" color="${colors[0]}">${glyph}</g>`
    : text(100, 122, 64, initials(key), `fill="${colors[0]}" text-anchor="middle"`);
  return svg(200, 200, `<defs>${linear("b", bg, true)}${linear("g", colors)}</defs><circle cx="100" cy="100" r="100" fill="url(#b)"/>${accent}${content}`);
}

function blog(key: string): string {
  const r = rng(`blog:${key}`);
  const sky = r.pick(VIVID);
  const sunX = r.int(140, 660);
  const sunY = r.int(90, 170);
  const ridge = (base: number, amp: number) => {
    let d = `M0 ${base}`;
    for (let x = 0; x <= 800; x += 160) d += ` Q${x + 80} ${base - r.int(0, amp)} ${x + 160} ${base + r.int(-20, 20)}`;
    return `${d} V450H0z`;
  };
  const body =
    `<defs>${linear("s", sky, true)}</defs><rect width="800" height="450" fill="url(#s)"/>` +
    `<circle cx="${sunX}" cy="${sunY}" r="${r.int(40, 70)}" fill="#fde68a" opacity=".9"/>` +
    `<path d="${ridge(300, 140)}" fill="#fff" opacity=".18"/><path d="${ridge(350, 110)}" fill="#fff" opacity=".28"/>` +
    `<path d="${ridge(400, 70)}" fill="#0f172a" opacity=".28"/>`;
  return svg(800, 450, body);
}

function avatar(key: string): string {
  const r = rng(`avatar:${key}`);
  const colors = r.pick(VIVID);
  const letters = initials(key);
  return svg(
    128,
    128,
    `<defs>${linear("g", colors)}</defs><circle cx="64" cy="64" r="64" fill="url(#g)"/>` +
      text(64, 78, letters.length > 1 ? 44 : 52, letters, 'fill="#fff" text-anchor="middle"'),
  );
}

const SOCIAL: Record<string, string> = {
  facebook: `<circle cx="24" cy="24" r="24" fill="#1877f2"/><path d="M26.5 38V26.5h3.9l.6-4.6h-4.5V19c0-1.3.4-2.2 2.3-2.2h2.4v-4.1a32 32 0 0 0-3.5-.2c-3.5 0-5.8 2.1-5.8 6v3.4h-3.9v4.6h3.9V38z" fill="#fff"/>`,
  x: `<rect width="48" height="48" rx="10" fill="#000"/><path d="M13 12h7.5l15 24H28z" fill="#fff"/><path d="M34.5 12 14 36" stroke="#fff" stroke-width="2.6"/>`,
  instagram: `<defs><linearGradient id="i" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#feda75"/><stop offset=".35" stop-color="#fa7e1e"/><stop offset=".65" stop-color="#d62976"/><stop offset="1" stop-color="#4f5bd5"/></linearGradient></defs><rect width="48" height="48" rx="12" fill="url(#i)"/><rect x="11" y="11" width="26" height="26" rx="8" fill="none" stroke="#fff" stroke-width="3"/><circle cx="24" cy="24" r="6.2" fill="none" stroke="#fff" stroke-width="3"/><circle cx="31.5" cy="16.5" r="1.8" fill="#fff"/>`,
  youtube: `<rect y="7" width="48" height="34" rx="9" fill="#ff0000"/><path d="M19.5 16.5v15L32 24z" fill="#fff"/>`,
  linkedin: `<rect width="48" height="48" rx="8" fill="#0a66c2"/><rect x="11" y="19" width="6" height="18" fill="#fff"/><circle cx="14" cy="13" r="3.4" fill="#fff"/><path d="M21 19h5.6v2.5c.8-1.5 2.8-3 5.7-3 5.8 0 6.7 3.6 6.7 8.5V37h-6v-8.9c0-2.1-.1-4.8-3-4.8s-3.4 2.3-3.4 4.7v9H21z" fill="#fff"/>`,
};

function social(key: string): string | null {
  const glyph = SOCIAL[key === "twitter" ? "x" : key];
  return glyph ? svg(48, 48, glyph) : null;
}

const BRAND_LABELS: Record<string, { label: string; color: string }> = {
  test: { label: "Test Gateway", color: "#4338ca" },
  stripe: { label: "stripe", color: "#635bff" },
};

function brand(key: string): string {
  const known = BRAND_LABELS[key];
  const r = rng(`brand:${key}`);
  const color = known?.color ?? r.pick(VIVID)[0];
  const label = known?.label ?? title(key, 18);
  const size = label.length > 12 ? 24 : 30;
  const mark = r.int(0, 2);
  const glyph =
    mark === 0 ? `<circle cx="36" cy="48" r="16" fill="${color}"/>`
    : mark === 1 ? `<path d="M36 30l18 18-18 18-18-18z" fill="${color}"/>`
    : `<rect x="20" y="32" width="32" height="32" rx="8" fill="${color}"/>`;
  return svg(
    240,
    96,
    `<rect width="240" height="96" rx="16" fill="#fff"/><rect x=".5" y=".5" width="239" height="95" rx="15.5" fill="none" stroke="#e5e7eb"/>` +
      glyph + text(66, 48 + size * 0.35, size, label, `fill="${color}" textLength="${Math.min(160, label.length * size * 0.58).toFixed(0)}" lengthAdjust="spacingAndGlyphs"`),
  );
}

function flash(key: string): string {
  const r = rng(`flash:${key}`);
  const colors: readonly [string, string] = r.pick([["#c2410c", "#be123c"], ["#b45309", "#c2410c"], ["#be123c", "#6d28d9"]] as const);
  const lines = twoLines(title(key, 32), 16);
  const headline = lines.map((line, i) => text(40, (lines.length > 1 ? 150 : 190) + i * 58, 48, line, 'fill="#fff"')).join("");
  const body =
    `<defs>${linear("g", colors)}</defs><rect width="600" height="400" fill="url(#g)"/>` +
    `<circle cx="470" cy="200" r="150" fill="#fff" opacity=".12"/><circle cx="560" cy="40" r="70" fill="#fff" opacity=".1"/>` +
    `<path d="M495 70 405 215h55l-30 115 100-160h-58z" fill="#fde047"/>` +
    headline +
    `<rect x="40" y="${lines.length > 1 ? 260 : 230}" width="150" height="44" rx="22" fill="#fff"/>` +
    text(115, (lines.length > 1 ? 260 : 230) + 29, 20, "Limited time", `fill="${colors[0]}" text-anchor="middle"`);
  return svg(600, 400, body);
}
