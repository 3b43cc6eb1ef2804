import type { Db } from "~/lib/db.server";

export interface Banner { id: number; title: string; image: string; alt: string; url: string | null }

export async function listBanners(db: Db, kind: "hero" | "ad"): Promise<Banner[]> {
  return db.selectFrom("banners").select(["id", "title", "image", "alt", "url"])
    .where("kind", "=", kind).where("is_active", "=", 1).orderBy("sort").orderBy("id").execute();
}
