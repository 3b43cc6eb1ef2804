import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the two Stripe API calls the shop makes (create and retrieve a Checkout Session), answering
 * in Stripe's shapes so the official SDK talks to it unchanged (STRIPE_API_BASE). The test plays the shopper at
 * Stripe with `complete` / `expire`.
 */

export interface StubSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  livemode: false;
  created: number;
  line_items_name: string;
}

export interface StripeStub {
  base: string;
  sessions: Map<string, StubSession>;
  /** Every request: method, path and the API key it carried. */
  requests: { method: string; path: string; apiKey: string }[];
  /** The shopper paid (or, with "unpaid", finished with a method that confirms later). */
  complete(id: string, paymentStatus?: "paid" | "unpaid"): StubSession;
  expire(id: string): StubSession;
  /** The next create is refused as Stripe refuses an invalid request. */
  refuseNextCreate(): void;
  close(): Promise<void>;
}

function stripeError(res: http.ServerResponse, status: number, message: string, param?: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(8).toString("hex")}` });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", code: status === 404 ? "resource_missing" : "parameter_invalid", message, param } }));
}

export async function startStripeStub(): Promise<StripeStub> {
  const sessions = new Map<string, StubSession>();
  const requests: StripeStub["requests"] = [];
  let refuse = false;
  let base = "";

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      const apiKey = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      requests.push({ method: req.method ?? "", path, apiKey });
      if (!apiKey.startsWith("sk_")) return stripeError(res, 401, "Invalid API Key provided");

      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (refuse) {
          refuse = false;
          return stripeError(res, 400, "Invalid currency", "line_items[0][price_data][currency]");
        }
        const form = new URLSearchParams(body);
        const unitAmount = Number(form.get("line_items[0][price_data][unit_amount]"));
        const quantity = Number(form.get("line_items[0][quantity]") ?? 1);
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]] = value;
        }
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const session: StubSession = {
          id,
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          amount_total: unitAmount * quantity,
          currency: form.get("line_items[0][price_data][currency]") ?? "",
          metadata,
          client_reference_id: form.get("client_reference_id"),
          success_url: form.get("success_url") ?? "",
          cancel_url: form.get("cancel_url") ?? "",
          url: `${base}/c/pay/${id}`,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
          line_items_name: form.get("line_items[0][price_data][product_data][name]") ?? "",
        };
        sessions.set(id, session);
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(session));
      }

      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === "GET" && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]));
        if (!session) return stripeError(res, 404, `No such checkout.session: '${retrieve[1]}'`, "session");
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(session));
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`No stub session ${id}`);
    return session;
  };
  return {
    base,
    sessions,
    requests,
    complete(id, paymentStatus = "paid") {
      return Object.assign(find(id), { status: "complete", payment_status: paymentStatus });
    },
    expire(id) {
      return Object.assign(find(id), { status: "expired" });
    },
    refuseNextCreate() {
      refuse = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
