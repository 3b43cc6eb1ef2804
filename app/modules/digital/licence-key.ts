/** Letters and digits that cannot be misread for one another (no I, O, 0, 1). */
const LICENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A licence key "BZ-XXXX-XXXX-XXXX"; `pick(n)` draws an index below n (crypto on the server, seeded in the demo). */
export function licenceKey(pick: (n: number) => number): string {
  let key = "BZ";
  for (let group = 0; group < 3; group++) {
    key += "-";
    for (let k = 0; k < 4; k++) key += LICENCE_ALPHABET[pick(LICENCE_ALPHABET.length)];
  }
  return key;
}
