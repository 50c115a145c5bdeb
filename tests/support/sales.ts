/**
 * The clock and the forms of the sales tests (flash and discount, issue 22). Times are passed to
 * the code under test, so "an hour later" is a Date, not a wait.
 */
const minute = 60_000;

/** `minutes` after `start` (before it when negative). */
export function at(start: Date, minutes: number): Date {
  return new Date(start.getTime() + minutes * minute);
}

/** A minute on the clock rounded down, so the Lagos "HH:MM" of a sale form is exact. */
export function wholeMinute(offsetMinutes = 0): Date {
  return new Date(Math.floor(Date.now() / minute) * minute + offsetMinutes * minute);
}

/** A console form as the browser posts it; a list is a field sent once per value. */
export function saleForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}
