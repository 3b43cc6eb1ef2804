/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";
import type { DataFunctionArgs } from "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Per-request CSP nonce, made by server.js. */
    nonce: string;
    /** The visitor's address as the HTTP server sees it (behind a trusted proxy: the forwarded one). */
    clientIp?: string;
    /**
     * Drops this response's Content-Security-Policy header. Called before a 304, whose page the browser takes
     * from its cache together with the policy (and nonce) stored with it (docs/decisions/0006-http-caching.md).
     */
    omitContentSecurityPolicy?: () => void;
    /**
     * The page's bytes compressed as the visitor's browser accepts them, by server.js, which owns the choice and its
     * settings; null leaves the answer to its compression middleware (e.g. a HEAD, or no brotli or gzip accepted).
     */
    compressWhole?: (body: Uint8Array) => { encoding: "br" | "gzip"; body: Buffer<ArrayBuffer> } | null;
    /**
     * Set by server.js, which writes a page the app made whole in memory from `wholeBodyOf(response)` (entry.server)
     * in one call: such a page's Response then carries no stream of the same bytes.
     */
    writesWholeBodies?: boolean;
    /** What the guest page cache learns while this page renders (app/lib/page-cache.server.ts). */
    page?: import("~/lib/page-cache.server").PageRecord;
    /** A page (not a `.data` request): its signed-in shopper travels beside the loader data (lib/personal.tsx). */
    document?: boolean;
    /** The signed-in shopper the root loader read for this document, for entry.server (lib/personal.tsx). */
    shopper?: import("~/lib/personal").Shopper;
    /** The page's frame the root loader read for this document, for entry.server (lib/shell.tsx). */
    shell?: import("~/lib/shell").ShellBlock;
  }
}

export type { DataFunctionArgs };
