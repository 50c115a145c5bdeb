/**
 * The console's days and weeks are Lagos days and weeks, whatever the server's clock zone:
 * Africa/Lagos is UTC+1 all year (no daylight saving), and a week starts on Monday.
 */
const lagosOffsetMs = 60 * 60_000;
const dayMs = 24 * 60 * 60_000;

export interface LagosPeriods {
  /** Midnight today in Lagos, as an instant. */
  todayStart: Date;
  /** Midnight of this week's Monday in Lagos, as an instant. */
  weekStart: Date;
  /** Midnight of the first of this month in Lagos, as an instant. */
  monthStart: Date;
}

export function lagosPeriods(now: Date): LagosPeriods {
  const local = new Date(now.getTime() + lagosOffsetMs);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return {
    todayStart: new Date(midnight - lagosOffsetMs),
    weekStart: new Date(midnight - daysSinceMonday * dayMs - lagosOffsetMs),
    monthStart: new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - lagosOffsetMs),
  };
}

/** Today's date in Lagos, as "YYYY-MM-DD" (a voucher's fixed end is a Lagos day). */
export function lagosToday(now: Date): string {
  return new Date(now.getTime() + lagosOffsetMs).toISOString().slice(0, 10);
}
