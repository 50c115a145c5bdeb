/**
 * "2026-11-26" as the date picker's value: that calendar day at local midnight (the picker works
 * in the browser's local days and sends back "YYYY-MM-DD" the same way). Small on purpose: a page
 * uses it to give the lazily loaded picker its bounds without loading the picker's rules.
 */
export function pickerDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

/** "2026-11-26T14:30" as the date picker's value with its time: that time, read locally. */
export function pickerDateTime(value: string): Date {
  const [day = "", time = "00:00"] = value.split("T");
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const date = pickerDay(day);
  date.setHours(hours, minutes, 0, 0);
  return date;
}
