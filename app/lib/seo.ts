import type { MetaDescriptor } from "@remix-run/node";

type MatchLike = { id: string; data?: unknown };

/** What the head tags read from the root loader's data (absent on an error before it loaded). */
interface RootHeadData { appName?: string; origin?: string; errorTitles?: Record<"403" | "404" | "429" | "500", string> }

function rootData(matches: MatchLike[]): RootHeadData | undefined {
  return matches.find((m) => m.id === "root")?.data as RootHeadData | undefined;
}

/** '{title} - {app name}' for every page (spec §2); the title comes translated from the page's loader. */
export function pageTitle(matches: MatchLike[], title: string | undefined): MetaDescriptor[] {
  const appName = rootData(matches)?.appName ?? "Bazaar";
  return [{ title: title ? `${title} - ${appName}` : appName }];
}

/** Title of the page shown by an error boundary. */
export function errorTitle(matches: MatchLike[], status: number): MetaDescriptor[] {
  const titles = rootData(matches)?.errorTitles;
  return pageTitle(matches, titles?.[String(status) as keyof typeof titles] ?? titles?.["500"]);
}

export interface PageSeo {
  /** The page's own title, translated (the app name is added). */
  title: string | undefined;
  /** One or two plain sentences for search results and link previews. */
  description: string;
  /** Path (and any query that makes a different page) from the site root, e.g. `/blog/my-post`. */
  path: string;
  /** Image for link previews: a path or an absolute URL. */
  image?: string | null;
  /** Open Graph type: `website` unless the page is an `article` or the like. */
  type?: "website" | "article" | "product";
}

/** Absolute URL of a path on this shop: BASE_URL when set, else the request's origin (root data). */
export function absoluteUrl(matches: MatchLike[], path: string): string {
  const origin = rootData(matches)?.origin ?? "";
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Search descriptions are cut near 160 characters; longer ones end at a word with an ellipsis. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * Everything search engines and link previews read: '{title} - {app name}', meta description, canonical link,
 * Open Graph and the Twitter card. URLs are absolute.
 */
export function pageMeta(matches: MatchLike[], seo: PageSeo): MetaDescriptor[] {
  const titleTags = pageTitle(matches, seo.title);
  const fullTitle = (titleTags[0] as { title: string }).title;
  const appName = rootData(matches)?.appName ?? "Bazaar";
  const url = absoluteUrl(matches, seo.path);
  const description = shortDescription(seo.description);
  const image = seo.image ? absoluteUrl(matches, seo.image) : null;
  return [
    ...titleTags,
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: appName },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title ?? appName },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}

/** The shop's absolute origin: BASE_URL when set (behind a proxy or CDN), else the request's own. */
export function siteOrigin(request: Request, baseUrl: string): string {
  return baseUrl || new URL(request.url).origin;
}
