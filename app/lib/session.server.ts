import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, createSession, redirect, type Session } from "@remix-run/node";
import { secureCookies, sessionSecrets } from "./secrets.server";
import { MAX_TOASTS, type Toast } from "./toast";

/** Only what must travel with the shopper; everything that matters lives in the database. */
export interface SessionData {
  /** The random token of a sign-in (user_sessions holds its hash): nothing about the user is in the cookie. */
  signIn: string;
  currency: string;
  /** Product ids this visitor opened, newest first (home and dashboard show them). */
  recentlyViewed: number[];
  /** A password-reset code sent and not yet confirmed (the /verify-otp page): where it went, what was typed. */
  pendingReset: { purpose: "reset"; channel: "email" | "phone"; recipient: string; shown: string };
  /** The random token of a confirmed password reset (password_reset_tokens holds its hash). */
  resetToken: string;
}
export interface SessionFlashData {
  toasts: Toast[];
}

export type ShopSession = Session<SessionData, SessionFlashData>;

const SESSION_COOKIE = "bazaar_session";

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  return createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: sessionSecrets(),
    },
  });
}

function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

/**
 * Session cookies this process signed or verified, by their value as the browser sends it back, with the data they
 * hold: the same value always holds the same data, so a shopper's next page needs neither the HMAC of the signature
 * nor the decoding of the value (together ~0.05 ms a page). At most KNOWN_SESSIONS, the oldest dropped first.
 */
const knownSessions = new Map<string, string>();
const KNOWN_SESSIONS = 5_000;

function remember(value: string, data: unknown) {
  if (knownSessions.size >= KNOWN_SESSIONS) knownSessions.delete(knownSessions.keys().next().value!);
  knownSessions.set(value, JSON.stringify(data));
}

/** The first session cookie of a Cookie header, as the cookie parser takes it. */
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/** The session cookie's value as sent. */
function sessionCookieValue(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const match = SESSION_COOKIE_VALUE.exec(cookieHeader);
  return match ? match[1].trim() : null;
}

/** A cookie that fails to verify or parse gives an empty session, never an error. */
export async function getSession(request: Request): Promise<ShopSession> {
  const cookieHeader = request.headers.get("Cookie");
  const value = sessionCookieValue(cookieHeader);
  const known = value === null ? undefined : knownSessions.get(value);
  if (known !== undefined) return createSession(JSON.parse(known)) as ShopSession;
  try {
    const session = await sessionStorage().getSession(cookieHeader);
    if (value) remember(value, session.data);
    return session;
  } catch {
    return sessionStorage().getSession();
  }
}

export async function commitSession(session: ShopSession) {
  // What the cookie holds is read as the call begins: another loader of the page may change the session meanwhile
  // (the root loader shows a toast that a page's loader flashed, and so removes it).
  const data = session.data;
  const header = await sessionStorage().commitSession(session);
  const value = header.slice(SESSION_COOKIE.length + 1, header.indexOf(";"));
  if (value) remember(value, data);
  return header;
}

export function destroySession(session: ShopSession) {
  return sessionStorage().destroySession(session);
}

/** Adds a toast to show on the next page the shopper sees. */
export function flashToast(session: ShopSession, toast: Omit<Toast, "id" | "duration"> & { duration?: Toast["duration"] }) {
  const pending = session.get("toasts") ?? [];
  const next: Toast = { ...toast, duration: toast.duration ?? 5000, id: randomUUID() };
  session.flash("toasts", [...pending, next].slice(-MAX_TOASTS));
}

/** POST → 303 → GET with a toast: the ending of every successful form action. */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Parameters<typeof flashToast>[1],
  init?: ResponseInit,
) {
  const session = await getSession(request);
  flashToast(session, toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { ...init, status: 303, headers });
}

/** Only same-site paths are followed, so a crafted form cannot send the shopper elsewhere. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
