import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where the files of digital products are kept, outside `public/` (they are served only through signed download
 * links). A stored path "demo/…" is one of the small files shipped with Bazaar for the seeded products; any other
 * is under DATA_DIR/uploads/digital (on shared storage when several machines serve one shop).
 */
const DEMO_PREFIX = "demo/";
const demoRoot = () => path.resolve("app", "db", "seed", "files");
const uploadRoot = () => path.resolve(process.env.DATA_DIR ?? "data", "uploads", "digital");

/** The file on disk for a stored path; null when the path would leave its folder. */
export function digitalFilePath(stored: string): string | null {
  const [root, relative] = stored.startsWith(DEMO_PREFIX) ? [demoRoot(), stored.slice(DEMO_PREFIX.length)] : [uploadRoot(), stored];
  const full = path.resolve(root, relative);
  return full.startsWith(root + path.sep) ? full : null;
}

/** The stored path of a file shipped with Bazaar (the demo seed's). */
export const demoFile = (name: string) => `${DEMO_PREFIX}${name}`;

/** The file's size, or null when it is not there. */
export async function storedFileSize(stored: string): Promise<number | null> {
  const full = digitalFilePath(stored);
  if (!full) return null;
  const stat = await fs.stat(full).catch(() => null);
  return stat?.isFile() ? stat.size : null;
}

const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".epub": "application/epub+zip",
  ".mp3": "audio/mpeg",
  ".txt": "text/plain; charset=utf-8",
};

/** What a download is sent as, by its name; anything unknown is plain bytes. */
export const contentTypeOf = (fileName: string) => CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? "application/octet-stream";
