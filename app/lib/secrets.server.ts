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
    // Several processes may start at once: the secret is written whole under a name of its own, then linked to its
    // place, which only one of them can do; the others read the winner's.
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    const draft = `${SECRET_FILE}.${process.pid}`;
    fs.writeFileSync(draft, secret, { mode: 0o600 });
    try {
      fs.linkSync(draft, SECRET_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    return [fs.readFileSync(SECRET_FILE, "utf8").trim()];
  }
}

/** Secure cookies unless explicitly turned off (local e2e over plain http) or outside production. */
export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE) return process.env.COOKIE_SECURE === "true";
  return process.env.NODE_ENV === "production";
}
