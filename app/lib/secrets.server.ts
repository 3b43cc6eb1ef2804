import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SECRET_FILE = path.resolve(process.env.DATA_DIR ?? "data", "session-secret");

/**
 * SESSION_SECRET from the environment (comma separated to rotate: the first signs, all verify);
 * without one, a random secret generated once and kept under data/ so restarts keep sessions.
 */
export function sessionSecrets(): string[] {
  const fromEnv = process.env.SESSION_SECRET?.split(",").map((s) => s.trim()).filter(Boolean);
  if (fromEnv?.length) return fromEnv;
  try {
    return [fs.readFileSync(SECRET_FILE, "utf8").trim()];
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    fs.writeFileSync(SECRET_FILE, secret, { mode: 0o600, flag: "wx" });
    return [secret];
  }
}

/** Secure cookies unless explicitly turned off (local e2e over plain http) or outside production. */
export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE) return process.env.COOKIE_SECURE === "true";
  return process.env.NODE_ENV === "production";
}
