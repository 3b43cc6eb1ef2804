import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { TicketAttachmentKind } from "~/db/schema";
import { DomainError } from "~/lib/domain-error";
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS } from "./tickets.schema";

/**
 * A file as the form brought it: the sender's name for it, its size, and its bytes — null when the reader stopped
 * keeping them (larger than the limit, or past the number allowed), so such a file is refused, never stored cut short.
 */
export interface AttachmentUpload {
  name: string;
  size: number;
  bytes: Uint8Array | null;
}

/** An attachment that passed every check, ready to be stored. */
export interface CheckedAttachment {
  file_name: string;
  kind: TicketAttachmentKind;
  bytes: Uint8Array;
}

/** Only names this module made are ever read from disk (no path can be smuggled in). */
const STORED_NAME = /^[a-f0-9]{32}\.(pdf|png|jpg)$/;
const EXTENSION_OF_KIND: Record<TicketAttachmentKind, string> = { pdf: "pdf", png: "png", jpeg: "jpg" };
const KIND_OF_EXTENSION: Record<string, TicketAttachmentKind> = { pdf: "pdf", png: "png", jpg: "jpeg", jpeg: "jpeg" };
const MAX_NAME_LENGTH = 120;

function ticketUploadDir() {
  return path.resolve(process.env.DATA_DIR ?? "data", "uploads", "tickets");
}

/** What the bytes are by their first bytes (their magic numbers); the file's name and declared type are only claims. */
function attachmentKindOf(bytes: Uint8Array): TicketAttachmentKind | null {
  const starts = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  return null;
}

/** The sender's file name without any folder, control characters or quotes, and not too long (the extension kept). */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 ? clean.slice(dot) : "";
  return clean.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/**
 * Every attachment of one post, checked before anything is stored: at most five, each at most 2 MB, each a JPG, PNG
 * or PDF by its content whose name says the same (a PNG named .pdf is refused: the file lies about what it is). The
 * first problem is a DomainError under `attachments` naming the file.
 */
export function checkAttachments(files: AttachmentUpload[]): CheckedAttachment[] {
  if (files.length > MAX_ATTACHMENTS) throw new DomainError("tickets:errors.tooManyAttachments", "attachments", { max: MAX_ATTACHMENTS });
  return files.map((file) => {
    const name = cleanFileName(file.name);
    if (file.bytes === null || file.size > ATTACHMENT_MAX_BYTES || file.bytes.byteLength > ATTACHMENT_MAX_BYTES) {
      throw new DomainError("tickets:errors.attachmentTooLarge", "attachments", { name });
    }
    const kind = attachmentKindOf(file.bytes);
    const claimed = KIND_OF_EXTENSION[name.slice(name.lastIndexOf(".") + 1).toLowerCase()];
    if (!kind || claimed !== kind) throw new DomainError("tickets:errors.attachmentType", "attachments", { name });
    return { file_name: name, kind, bytes: file.bytes };
  });
}

/** What checkAttachments would refuse in these files, or null: said beside the other fields' errors. */
export function attachmentsRefusal(files: AttachmentUpload[]): DomainError | null {
  try {
    checkAttachments(files);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/** Writes checked attachments under new random names; answers the names, in the same order. */
export async function storeAttachments(files: CheckedAttachment[]): Promise<string[]> {
  if (files.length === 0) return [];
  await fs.mkdir(ticketUploadDir(), { recursive: true });
  const stored: string[] = [];
  try {
    for (const file of files) {
      const name = `${randomBytes(16).toString("hex")}.${EXTENSION_OF_KIND[file.kind]}`;
      await fs.writeFile(path.join(ticketUploadDir(), name), file.bytes, { flag: "wx" });
      stored.push(name);
    }
  } catch (error) {
    await removeStoredAttachments(stored);
    throw error;
  }
  return stored;
}

/** Deletes files this module stored (when the rows that would have named them were not written). */
export async function removeStoredAttachments(names: string[]): Promise<void> {
  await Promise.all(names.filter((name) => STORED_NAME.test(name)).map((name) => fs.rm(path.join(ticketUploadDir(), name), { force: true })));
}

/** The path on disk of a stored attachment, or null for a name this module never makes. */
export function storedAttachmentPath(storedName: string): string | null {
  return STORED_NAME.test(storedName) ? path.join(ticketUploadDir(), storedName) : null;
}

export const CONTENT_TYPE_OF_KIND: Record<TicketAttachmentKind, string> = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" };
