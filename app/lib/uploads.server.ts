import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { holdsNul } from "./forms.server";

/** A file of the form: the sender's name for it, its size, and its bytes (null when not kept: see readUploadForm). */
export interface UploadedFile {
  name: string;
  size: number;
  bytes: Uint8Array | null;
}

export interface UploadedForm {
  /** The text fields asked for; any other part is read and dropped. */
  fields: FormData;
  /** The files of the file field, in the order sent. */
  files: UploadedFile[];
  /** The body as a whole was no usable form (not multipart, cut off, far too large or too many parts). */
  malformed: boolean;
}

export interface UploadRules {
  fileField: string;
  textFields: ReadonlySet<string>;
  /** Files kept in memory at most; further files are only counted and measured. */
  maxFiles: number;
  /** Bytes kept of one file at most; a larger file is only measured. */
  maxFileBytes: number;
}

const TEXT_MAX_BYTES = 16 * 1024;
/** How much of the body is read past what is kept (to measure refused files and reach the fields after them). */
const DRAIN_MAX_BYTES = 24 * 1024 * 1024;
const EXTRA_PARTS = 10;

/**
 * Reads a form that may carry files as it streams in, holding at most `maxFiles` × `maxFileBytes` of files in
 * memory. A file over the limit, or past the number allowed, is measured and reported with `bytes: null` instead of
 * failing the request, so the caller can say which file was refused and keep the typed values. A form without
 * files (urlencoded: an API client, a test, a simple browser) is read the same way.
 */
export async function readUploadForm(request: Request, rules: UploadRules): Promise<UploadedForm> {
  const fields = new FormData();
  const files: UploadedFile[] = [];
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    try {
      for (const [name, value] of await request.formData()) if (rules.textFields.has(name) && typeof value === "string") fields.append(name, value);
      return { fields, files, malformed: holdsNul(fields) };
    } catch {
      return { fields, files, malformed: true };
    }
  }
  let parts = 0;
  let drained = 0;
  /** Reads a part to its end, keeping at most `keep` bytes; answers its size and, when it fit, its bytes. */
  async function readPart(name: string, data: AsyncIterable<Uint8Array>, keep: number) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= keep) chunks.push(chunk);
      else {
        drained += chunk.byteLength;
        if (drained > DRAIN_MAX_BYTES) throw new MaxPartSizeExceededError(name, keep);
      }
    }
    return { size, bytes: size <= keep ? new Uint8Array(Buffer.concat(chunks)) : null };
  }
  const handler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > rules.textFields.size + rules.maxFiles + EXTRA_PARTS) throw new MaxPartSizeExceededError(name, 0);
    if (name === rules.fileField && typeof filename === "string") {
      const keep = files.filter((file) => file.bytes !== null).length < rules.maxFiles ? rules.maxFileBytes : 0;
      const { size, bytes } = await readPart(name, data, keep);
      // A file picker left empty still sends a part, without a name or content.
      if (filename !== "" || size > 0) files.push({ name: filename, size, bytes });
    } else if (rules.textFields.has(name) && filename === undefined) {
      const { bytes } = await readPart(name, data, TEXT_MAX_BYTES);
      if (!bytes) throw new MaxPartSizeExceededError(name, TEXT_MAX_BYTES);
      fields.append(name, new TextDecoder().decode(bytes));
    } else {
      await readPart(name, data, 0);
    }
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch {
    return { fields, files, malformed: true };
  }
  return { fields, files, malformed: holdsNul(fields) };
}
