import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";

/** What a gateway is asked to collect: one payments row, in minor units of the currency its orders were placed in. */
export interface GatewayPayment {
  id: number;
  amount: number;
  /** That currency's name, lower-cased (ISO 4217: "eur"). */
  currency: string;
  /** What the shopper sees at the gateway for this payment (already translated). */
  description: string;
}

/** What the gateway said when the shopper came back (or when it called us). */
export interface GatewayOutcome {
  paymentId: number;
  /**
   * paid: collected; cancelled: given up for good (the payment fails, the orders stay payable);
   * unfinished: not paid yet and still open (nothing changes); processing: paid by a method that confirms later.
   */
  result: "paid" | "cancelled" | "unfinished" | "processing";
}

/** An online payment gateway: it starts a payment on its side and tells how the shopper's return went. */
export interface PaymentGatewayAdapter {
  readonly name: string;
  /** Whether this server can take payments through it now (keys present, allowed in this environment). */
  usable(): boolean;
  /** Where to send the shopper to pay, and the gateway's own id for this payment. */
  start(payment: GatewayPayment, origin: string): Promise<{ redirectUrl: string; reference: string }>;
  /** Reads the shopper's return; throws InvalidPaymentReturnError when it cannot be trusted. */
  confirmReturn(db: Db, params: URLSearchParams): Promise<GatewayOutcome>;
}

/** A return that is forged, altered, for someone else's payment or for another gateway: it changes nothing. */
export class InvalidPaymentReturnError extends DomainError {
  constructor() {
    super("payments:errors.invalidReturn");
    this.name = "InvalidPaymentReturnError";
  }
}

/** A record id from a URL or a gateway's answer: a whole positive number that fits a database integer, else null. */
export function idFrom(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
