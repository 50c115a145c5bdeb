/**
 * Nigerian phone numbers as people type them — "0803 123 4567", "803-123-4567", "2348031234567",
 * "+234 (0) 803 123 4567" — turned into one form, +234 followed by the 10-digit national number.
 * Returns null for anything that isn't a Nigerian mobile or landline number.
 */
export function normaliseNigerianPhone(input: string): string | null {
  if (!/^[\d\s()+.-]*$/.test(input)) return null;
  let digits = input.replace(/\D/g, "");
  if (input.trim().startsWith("+") && !digits.startsWith("234")) return null;
  if (digits.startsWith("234")) digits = digits.slice(3);
  if (digits.startsWith("0")) digits = digits.slice(1);
  // National significant numbers are 10 digits: mobiles start 7, 8 or 9; landlines 1–6.
  if (!/^[1-9]\d{9}$/.test(digits)) return null;
  return `+234${digits}`;
}

/**
 * +2348031234567 → "+234 803 123 4567", for reading. Any way of writing a Nigerian number reads
 * the same ("08031234567" too); anything else is shown as it was written.
 */
export function formatNigerianPhone(phone: string): string {
  const e164 = normaliseNigerianPhone(phone);
  if (!e164) return phone;
  const national = e164.slice("+234".length);
  return `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
