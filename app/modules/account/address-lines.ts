import type { Row } from "~/db/schema";

/** One line per part of the address a courier reads, empty parts left out (address book, checkout, orders). */
export function addressLines(address: Pick<Row<"addresses">, "flat_no" | "address_line" | "address_line2" | "area" | "post_code">) {
  return [
    [address.flat_no, address.address_line].filter(Boolean).join(", "),
    address.address_line2,
    [address.area, address.post_code].filter(Boolean).join(" "),
  ].filter((line): line is string => Boolean(line));
}
