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
  }
}

export type { DataFunctionArgs };
