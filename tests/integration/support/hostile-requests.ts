/*
 * Malformed and hostile versions of one HTML form's post, as an attacker or a broken client would send them: wrong
 * types, huge and empty values, bad UTF-8 (raw and percent-encoded, in urlencoded and multipart bodies), duplicated
 * and unknown fields, other people's ids, no session, no or wrong Content-Type, files that lie about their type.
 * Deterministic: the values come from a seeded generator, so a failure is reproduced by the same seed.
 */

/** A form as the fuzzer posts it: the fields a browser would send, and the names of its file inputs. */
export interface FormUnderTest {
  /** Pathname and query the form posts to. */
  action: string;
  multipart: boolean;
  fields: Array<[string, string]>;
  fileFields: string[];
  /** Other named submit buttons (their own name=value, as pressing them sends). */
  otherButtons: Array<[string, string]>;
}

export interface HostileRequest {
  /** What was done to the form, e.g. `wrong type in quantity`. */
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  signedOut?: boolean;
  forgedOrigin?: boolean;
  /** The address names somebody else's record in place of the actor's own. */
  foreignPath?: boolean;
}

/** Ids (and ticket numbers) that belong to somebody else: the actor must not reach them. */
export interface ForeignValues {
  ids: number[];
  ticketNumbers: string[];
  /** Another user and another shop, for unknown fields such as user_id=… */
  userId: number;
  shopId: number;
}

/** mulberry32: small, fast and good enough to pick test values reproducibly. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const hashOf = (text: string) => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7);

const WRONG_TYPES = [
  "abc", "-1", "0", "-0", "99999999999999999999", "1e308", "NaN", "Infinity", "-Infinity", "1.5", "0x1F", " 7 ", "007",
  "2026-02-30", "0000-00-00", "9999-12-31T23:59:59Z", "true", "null", "undefined", "[]", "{}", "[object Object]",
];
const HOSTILE_TEXT = [
  "<script>alert(1)</script>", "' OR '1'='1' --", "../../../../etc/passwd", "\u0000", "a\u0000b", "\r\nSet-Cookie: hacked=1",
  "\u202eevil", "مرحبا", "😀".repeat(64), "%00", "%FF", "{{7*7}}", "${7*7}", "javascript:alert(1)", "//evil.example/", "   ",
  "T00000000",
];
/** Values that can never be ids here, for path parameters. */
const BAD_PATH_SEGMENTS = ["abc", "-1", "0", "1.5", "1e3", "99999999999999999999", "2147483648", "%00", "%FF", "%E2%80%AE", "..%2F..%2Fetc", " 1"];
const MEGABYTE = 1024 * 1024;
/** Invalid UTF-8: bytes that never occur, a lone continuation byte, an overlong slash, a lone surrogate, a cut sequence. */
const BAD_UTF8 = Buffer.from([0xff, 0xfe, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe2, 0x82, 0xf8]);
const PERCENT_BAD_UTF8 = "%FF%FE%80%C0%AF%E2%82%F8";
const MINIMAL_PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

type Value = string | Buffer;
interface Part { name: Value; value: Value; filename?: Value; type?: string }

const bytes = (value: Value) => (typeof value === "string" ? Buffer.from(value) : value);
/** Strings are percent-encoded as a browser does; Buffers go in raw (so they can carry bytes that are not UTF-8). */
const encode = (value: Value) => (typeof value === "string" ? Buffer.from(encodeURIComponent(value)) : value);

export function urlencoded(pairs: Array<[Value, Value]>): Buffer {
  return Buffer.concat(pairs.flatMap(([name, value], index) => [Buffer.from(index ? "&" : ""), encode(name), Buffer.from("="), encode(value)]));
}

export function multipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`), bytes(part.name), Buffer.from('"'));
    if (part.filename !== undefined) chunks.push(Buffer.from('; filename="'), bytes(part.filename), Buffer.from('"'));
    chunks.push(Buffer.from(`\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`), bytes(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const BOUNDARY = "----BazaarFuzzBoundary7MA4YWxkTrZu0gW";
const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** The request for a form's fields, in the form's own encoding. */
function formBody(form: FormUnderTest, pairs: Array<[Value, Value]>, files: Part[] = []): { headers: Record<string, string>; body: Buffer } {
  if (!form.multipart && files.length === 0) return { headers: { "Content-Type": URLENCODED }, body: urlencoded(pairs) };
  const parts: Part[] = [...pairs.map(([name, value]) => ({ name, value })), ...files];
  return { headers: { "Content-Type": MULTIPART }, body: multipart(parts, BOUNDARY) };
}

const looksLikeId = (name: string, value: string) => /^\d+$/.test(value) || /(^|_)(id|ids)$|^(order|address|item|ticket|conversation|shop|product)/i.test(name);

/** Every hostile variant of one form's post. `rounds` multiplies the randomly chosen wrong values. */
export function hostileRequests(form: FormUnderTest, foreign: ForeignValues, seed: number, rounds = 1): HostileRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const requests: HostileRequest[] = [];
  const add = (label: string, pairs: Array<[Value, Value]>, options: Partial<HostileRequest> & { files?: Part[] } = {}) => {
    const { files, ...rest } = options;
    requests.push({ label, path: form.action, ...formBody(form, pairs, files), ...rest });
  };
  const { fields } = form;
  const names = [...new Set(fields.map(([name]) => name))];
  const replaced = (name: string, value: Value) => fields.map(([field, old]): [Value, Value] => [field, field === name ? value : old]);

  // Field by field: wrong types and hostile text, the field left out, the field twice with different values.
  for (const name of names) {
    for (let round = 0; round < rounds; round++) {
      for (const value of [pick(WRONG_TYPES), pick(HOSTILE_TEXT)]) add(`${JSON.stringify(value).slice(0, 40)} in ${name}`, replaced(name, value));
    }
    add(`${name} left out`, fields.filter(([field]) => field !== name));
    add(`${name} twice`, [...fields, [name, pick(WRONG_TYPES)]]);
    add(`${name} as an array`, [...fields.filter(([field]) => field !== name), [`${name}[]`, "1"], [`${name}[0]`, "2"]]);
    const value = fields.find(([field]) => field === name)?.[1] ?? "";
    if (looksLikeId(name, value)) {
      for (const id of foreign.ids) add(`foreign id ${id} in ${name}`, replaced(name, String(id)));
      for (const ticket of foreign.ticketNumbers) add(`foreign ticket ${ticket} in ${name}`, replaced(name, ticket));
    }
  }

  // The whole form at once.
  if (names.length) add(`1 MB in ${pick(names)}`, replaced(pick(names), "x".repeat(MEGABYTE)));
  add("every field empty", fields.map(([name]) => [name, ""]));
  add("every field twice", [...fields, ...fields.map(([name]): [string, string] => [name, pick(HOSTILE_TEXT)])]);
  add("raw invalid UTF-8 in every value", fields.map(([name]) => [name, BAD_UTF8]));
  add("percent-encoded invalid UTF-8 in every value", fields.map(([name]) => [name, Buffer.from(PERCENT_BAD_UTF8)]));
  add("invalid UTF-8 in the field names", [...fields, [BAD_UTF8, "1"], [Buffer.from(PERCENT_BAD_UTF8), "1"]]);
  add("unknown fields", [
    ...fields, ["__proto__[admin]", "1"], ["constructor[prototype][admin]", "1"], ["user_id", String(foreign.userId)],
    ["shop_id", String(foreign.shopId)], ["role", "admin"], ["status", "Delivered"], ["price", "0"], ["payment_status", "Paid"],
  ]);
  add("5,000 unknown fields", [...fields, ...Array.from({ length: 5000 }, (_, i): [string, string] => [`f${i}`, "1"])]);
  for (const button of form.otherButtons) add(`pressing ${button[0]}=${button[1]}`, [...fields.filter(([name]) => name !== button[0]), button]);
  add("signed out", fields, { signedOut: true });
  add("from another site", fields, { forgedOrigin: true });
  requests.push({ label: "empty body", path: form.action, headers: { "Content-Type": URLENCODED }, body: Buffer.alloc(0) });
  requests.push({ label: "no body, no Content-Type", path: form.action, headers: {} });
  requests.push({ label: "no Content-Type", path: form.action, headers: {}, body: urlencoded(fields) });
  requests.push({ label: "text/plain", path: form.action, headers: { "Content-Type": "text/plain" }, body: urlencoded(fields) });
  requests.push({ label: "JSON", path: form.action, headers: { "Content-Type": "application/json" }, body: Buffer.from(JSON.stringify(Object.fromEntries(fields))) });
  requests.push({ label: "JSON that does not parse", path: form.action, headers: { "Content-Type": "application/json" }, body: Buffer.from('{"a":') });
  requests.push({ label: "multipart without a boundary", path: form.action, headers: { "Content-Type": "multipart/form-data" }, body: multipart(fields.map(([name, value]) => ({ name, value })), BOUNDARY) });
  requests.push({ label: "multipart cut short", path: form.action, headers: { "Content-Type": MULTIPART }, body: multipart(fields.map(([name, value]) => ({ name, value })), BOUNDARY).subarray(0, 60) });
  requests.push({
    label: "the other encoding",
    path: form.action,
    ...(form.multipart
      ? { headers: { "Content-Type": URLENCODED }, body: urlencoded(fields) }
      : { headers: { "Content-Type": MULTIPART }, body: multipart(fields.map(([name, value]) => ({ name, value })), BOUNDARY) }),
  });
  requests.push({
    label: "multipart with invalid UTF-8 in names, values and a file name",
    path: form.action,
    headers: { "Content-Type": MULTIPART },
    body: multipart([...fields.map(([name]) => ({ name, value: BAD_UTF8 })), { name: BAD_UTF8, value: "1" }, { name: form.fileFields[0] ?? "file", value: MINIMAL_PDF, filename: BAD_UTF8, type: "application/pdf" }], BOUNDARY),
  });

  // Files: lies about the type, too big, under a text field, names that climb out of a folder.
  const fileField = form.fileFields[0];
  if (fileField) {
    const file = (label: string, part: Omit<Part, "name">) => add(label, fields, { files: [{ name: fileField, ...part }] });
    file("HTML named .png, sent as image/png", { value: "<html><script>alert(1)</script></html>", filename: "photo.png", type: "image/png" });
    file("text named .pdf, sent as application/pdf", { value: "not a pdf at all", filename: "receipt.pdf", type: "application/pdf" });
    file("a PNG signature followed by HTML", { value: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<script>alert(1)</script>")]), filename: "x.png", type: "image/png" });
    file("an empty file", { value: "", filename: "empty.pdf", type: "application/pdf" });
    file("a file of 11 MB", { value: Buffer.alloc(11 * MEGABYTE, 0x25), filename: "big.pdf", type: "application/pdf" });
    file("a file name that climbs out of its folder", { value: MINIMAL_PDF, filename: "../../../../etc/passwd.pdf", type: "application/pdf" });
    file("a 300-character file name with a NUL", { value: MINIMAL_PDF, filename: `${"n".repeat(300)}\u0000.pdf`, type: "application/pdf" });
    add("20 files", fields, { files: Array.from({ length: 20 }, (_, i) => ({ name: fileField, value: MINIMAL_PDF, filename: `f${i}.pdf`, type: "application/pdf" })) });
  }
  if (names.length) add(`a file under the text field ${names[0]}`, fields.filter(([name]) => name !== names[0]), { files: [{ name: names[0], value: "<b>x</b>", filename: "x.html", type: "text/html" }] });

  // Path parameters: other people's ids, values that are no ids at all.
  const url = new URL(form.action, "http://fuzz");
  const segments = url.pathname.split("/");
  segments.forEach((segment, index) => {
    const isTicket = /^T[A-Z0-9]{8}$/.test(segment);
    if (!/^\d+$/.test(segment) && !isTicket) return;
    const foreignValues = isTicket ? foreign.ticketNumbers : foreign.ids.map(String);
    for (const replacement of [...foreignValues, ...BAD_PATH_SEGMENTS]) {
      const path = [...segments.slice(0, index), replacement, ...segments.slice(index + 1)].join("/") + url.search;
      requests.push({ label: `path parameter ${replacement}`, path, ...formBody(form, fields), foreignPath: foreignValues.includes(replacement) });
    }
  });
  return requests;
}
