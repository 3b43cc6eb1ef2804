import { DomainError } from "~/lib/domain-error";

/** The order does not exist or is someone else's: both look the same (404), so other shoppers' ids cannot be probed. */
export class OrderNotFoundError extends DomainError {
  constructor() {
    super("orders:errors.notFound");
    this.name = "OrderNotFoundError";
  }
}
