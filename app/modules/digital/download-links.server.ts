import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecrets } from "~/lib/secrets.server";

/**
 * Download links of bought digital files: signed for one shopper, item and file, and valid for a while from when the
 * page showing them was made. A copied link is useless to anyone else (the route also checks the session's user)
 * and to its owner after it expires (a fresh page gives a fresh link).
 */
export const DOWNLOAD_LINK_MINUTES = 30;

interface DownloadTarget {
  userId: number;
  itemId: number;
  fileId: number;
}

const signature = (secret: string, target: DownloadTarget, expires: number) =>
  createHmac("sha256", secret).update(`digital-download:${target.userId}:${target.itemId}:${target.fileId}:${expires}`).digest("base64url");

/** The signed link to download a file of a bought item. */
export function downloadHref(target: DownloadTarget, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_MINUTES * 60;
  return `/digital-downloads/${target.itemId}/${target.fileId}?expires=${expires}&signature=${signature(sessionSecrets()[0], target, expires)}`;
}

/** True when the link was signed by this shop (any of its current secrets) for this target and has not expired. */
export function isValidDownloadLink(target: DownloadTarget, expiresParam: string | null, signatureParam: string | null, now = new Date()): boolean {
  if (!expiresParam || !/^\d{1,12}$/.test(expiresParam) || !signatureParam) return false;
  const expires = Number(expiresParam);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(signatureParam);
  return sessionSecrets().some((secret) => {
    const expected = Buffer.from(signature(secret, target, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
