/** The gift form's limits (decision 042), for the page and the server's rule alike. */
export const giftLimits = { aheadDays: 90, message: 300 } as const;

/** "YYYY-MM-DD" of `today` plus `days`. */
export function addDays(today: string, days: number): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
