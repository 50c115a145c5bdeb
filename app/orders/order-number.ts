import { randomBytes } from "node:crypto";

/**
 * Order numbers people read out over the phone: `OJA-` and eight characters from an alphabet
 * without 0/O, 1/I/L or U, so nothing is misheard or misread: 30⁸ ≈ 6.6 × 10¹¹ numbers; the unique index
 * on orders.number catches the rare repeat.
 */
const alphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newOrderNumber(): string {
  const bytes = randomBytes(8);
  let code = "";
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `OJA-${code}`;
}
