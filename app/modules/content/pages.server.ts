import type { Db } from "~/lib/db.server";
import type { Settings } from "~/modules/settings/settings.server";

/** The policy pages with a route of their own; any other slug is served at /page/{slug}. */
export const NAMED_PAGES = ["terms-and-conditions", "privacy-policy", "return-policy", "about-us"] as const;
export type NamedPage = (typeof NAMED_PAGES)[number];

export interface LegalPage {
  slug: string;
  title: string;
  /** The text as plain paragraphs (blank lines separate them in the database); never HTML. */
  paragraphs: string[];
  updated_at: string;
}

/** Where a page lives: its own route for the named ones, /page/{slug} for the rest. */
export function legalPagePath(slug: string): string {
  return (NAMED_PAGES as readonly string[]).includes(slug) ? `/${slug}` : `/page/${encodeURIComponent(slug)}`;
}

/** A policy or information page by its slug, or null (the route answers 404). */
export async function findLegalPage(db: Db, slug: string): Promise<LegalPage | null> {
  const row = await db
    .selectFrom("legal_pages")
    .select(["slug", "title", "description", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const { description, ...page } = row;
  return { ...page, paragraphs: description.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) };
}

export interface ContactDetails {
  phone: string;
  email: string;
  whatsapp: string;
  messenger: string;
  address: string;
}

/** How shoppers reach the shop (the original's GET /contact-us); empty values are not shown. */
export function contactDetails(settings: Settings): ContactDetails {
  return {
    phone: settings.mobile,
    email: settings.email,
    whatsapp: settings.whatsapp,
    messenger: settings.messenger,
    address: settings.address,
  };
}
