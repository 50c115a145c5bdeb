/**
 * Points on screen: whole numbers grouped the Nigerian way ("1,234"), one formatter for the
 * header, the points pages and the reward shop, as money has its one (app/money.ts).
 */
const grouped = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

export function formatPoints(points: number): string {
  return grouped.format(points);
}

/** "1 point", "1,234 points". */
export function pointsText(points: number): string {
  return `${formatPoints(points)} ${Math.abs(points) === 1 ? "point" : "points"}`;
}

/** A change of points with its sign, for the history: "+200", "−150" (a true minus sign). */
export function signedPoints(points: number): string {
  if (points > 0) return `+${formatPoints(points)}`;
  if (points < 0) return `\u2212${formatPoints(-points)}`;
  return "0";
}
