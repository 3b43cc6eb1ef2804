import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import sharp from "sharp";
import { DomainError } from "~/lib/domain-error";
import { PHOTO_MAX_BYTES } from "./profile.schema";
import { holdsNul } from "~/lib/forms.server";

/** Profile photos are stored and shown as squares of this many pixels. */
export const AVATAR_SIZE = 256;
/** The public path of a stored photo: the route media.avatars.$file serves these. */
const AVATAR_PATH = "/media/avatars/";
/** Only names this module made are ever read from disk (no path can be smuggled in). */
const AVATAR_FILE = /^[a-f0-9]{32}\.webp$/;
/** Larger pictures are refused before they are decoded (a small file can hold a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;

export function avatarDir() {
  return path.resolve(process.env.DATA_DIR ?? "data", "uploads", "avatars");
}

/** The picture type the bytes start with; the file's name and declared type are only the sender's claims. */
export function imageTypeOf(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (offset: number, signature: number[]) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

/**
 * An uploaded photo as the shop keeps it: a JPEG, PNG or WebP (by content) turned upright, cut to a
 * 256×256 square and encoded anew as WebP, which also drops whatever else the file carried (EXIF, GPS).
 */
export async function processAvatar(bytes: Uint8Array): Promise<Buffer> {
  if (!imageTypeOf(bytes)) throw new DomainError("account:errors.photoType", "photo");
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new DomainError("account:errors.photoUnreadable", "photo");
  }
}

/** Stores a processed photo under a new random name; answers its public path. */
export async function saveAvatar(webp: Buffer): Promise<string> {
  const file = `${randomBytes(16).toString("hex")}.webp`;
  await fs.mkdir(avatarDir(), { recursive: true });
  await fs.writeFile(path.join(avatarDir(), file), webp, { flag: "wx" });
  return `${AVATAR_PATH}${file}`;
}

/** Deletes a photo this module stored (other paths, like the demo artwork, are left alone). */
export async function removeAvatar(publicPath: string | null | undefined): Promise<void> {
  const file = publicPath?.startsWith(AVATAR_PATH) ? publicPath.slice(AVATAR_PATH.length) : null;
  if (!file || !AVATAR_FILE.test(file)) return;
  await fs.rm(path.join(avatarDir(), file), { force: true });
}

/** A stored photo's bytes by its file name, or null for a name this module never makes or a missing file. */
export async function readAvatar(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!AVATAR_FILE.test(file)) return null;
  try {
    return new Uint8Array(await fs.readFile(path.join(avatarDir(), file)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The profile form's text fields; any other part is read and dropped. */
const TEXT_FIELDS = new Set(["name", "email", "country", "phone", "gender", "date_of_birth"]);
const TEXT_MAX_BYTES = 4 * 1024;
const MAX_PARTS = 20;
/** How much of an oversized photo is read past the limit to reach the fields after it; beyond, reading stops. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

export interface ProfileUpload {
  /** The text fields, for the form's schema. */
  formData: FormData;
  /** The photo's bytes when one was chosen and within the limit. */
  photo: Uint8Array | null;
  /** What was wrong with the body as a whole: a photo over the limit, or a body that is not a usable form. */
  problem: "photoTooLarge" | "malformed" | null;
}

async function readPart(data: AsyncIterable<Uint8Array>, name: string, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) throw new MaxPartSizeExceededError(name, limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Reads a part to its end without keeping it; false when it runs past `limit`. */
async function skipPart(data: AsyncIterable<Uint8Array>, limit: number): Promise<boolean> {
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) return false;
  }
  return true;
}

/**
 * Reads the profile form as it streams in, holding at most 2 MB of photo in memory. A larger photo is
 * refused (read past, so the fields after it are still kept) rather than failing the request.
 */
export async function readProfileUpload(request: Request): Promise<ProfileUpload> {
  const formData = new FormData();
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    // A form without a file (an API client, a test): the same fields, urlencoded.
    try {
      for (const [name, value] of await request.formData()) if (TEXT_FIELDS.has(name) && typeof value === "string") formData.append(name, value);
      return { formData, photo: null, problem: holdsNul(formData) ? "malformed" : null };
    } catch {
      return { formData, photo: null, problem: "malformed" };
    }
  }
  let photo: Uint8Array | null = null;
  let problem: ProfileUpload["problem"] = null;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new MaxPartSizeExceededError(name, 0);
    if (name === "photo" && typeof filename === "string") {
      try {
        const bytes = await readPart(data, name, PHOTO_MAX_BYTES);
        if (bytes.byteLength > 0) photo = bytes;
      } catch (error) {
        if (!(error instanceof MaxPartSizeExceededError)) throw error;
        problem = "photoTooLarge";
        if (!(await skipPart(data, DRAIN_MAX_BYTES))) throw error;
      }
    } else if (TEXT_FIELDS.has(name) && filename === undefined) {
      formData.append(name, new TextDecoder().decode(await readPart(data, name, TEXT_MAX_BYTES)));
    } else if (!(await skipPart(data, TEXT_MAX_BYTES))) {
      throw new MaxPartSizeExceededError(name, TEXT_MAX_BYTES);
    }
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch {
    // Cut off (too large, too many parts) or not multipart at all: what was read so far is kept.
    return { formData, photo: null, problem: problem ?? "malformed" };
  }
  return { formData, photo, problem: holdsNul(formData) ? "malformed" : problem };
}
