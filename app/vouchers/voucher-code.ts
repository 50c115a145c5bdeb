/**
 * Voucher codes (decision 040): 16 characters from an alphabet without 0/O, 1/I/L or U, shown in
 * groups of four ("7KQM-2XPD-H9TW-4RBN"). 30¹⁶ ≈ 2⁷⁸ codes: nobody finds a valid one by trying,
 * and staff can read one out over the phone. What is typed is forgiving: lower case, spaces and
 * dashes are fine.
 */
export const voucherCodeAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const voucherCodeLength = 16;

/** "7KQM2XPDH9TW4RBN" → "7KQM-2XPD-H9TW-4RBN". */
export function formatVoucherCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** What was typed or scanned as a stored code, or null when it can't be one. */
export function readVoucherCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== voucherCodeLength) return null;
  for (const character of code) if (!voucherCodeAlphabet.includes(character)) return null;
  return code;
}
