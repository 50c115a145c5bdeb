/**
 * Points at checkout (issue 23, decision 057), the rules the checkout page and the server share:
 * each point takes ₦1 (100 kobo) off, and points pay at most half of what the checkout costs.
 */
export const koboPerPointSpent = 100;
/** The share of a checkout points may pay, in percent. */
export const pointsShareLimitPercent = 50;

/** The most points a checkout of `totalKobo` (items and delivery) takes. */
export function maxPointsFor(totalKobo: number): number {
  return Math.max(Math.floor((totalKobo * pointsShareLimitPercent) / (100 * koboPerPointSpent)), 0);
}

/** What a shopper with `spendable` points may use on a checkout of `totalKobo`. */
export function usablePoints(totalKobo: number, spendable: number): number {
  return Math.min(maxPointsFor(totalKobo), Math.max(spendable, 0));
}

/**
 * A checkout's points shared out among its orders in proportion to what each costs, whole points
 * each, the few left over going to the largest orders; no order is ever paid wholly by points.
 * The points must be at most half of the whole (maxPointsFor), which keeps each share within its order.
 */
export function splitPoints(points: number, orderTotalsKobo: readonly number[]): number[] {
  const total = orderTotalsKobo.reduce((sum, value) => sum + value, 0);
  if (points <= 0) return orderTotalsKobo.map(() => 0);
  if (points > maxPointsFor(total)) {
    throw new RangeError(`${points} points are more than half of ${total} kobo`);
  }
  const shares = orderTotalsKobo.map((value) =>
    Number((BigInt(points) * BigInt(value)) / BigInt(total)),
  );
  let left = points - shares.reduce((sum, value) => sum + value, 0);
  const largestFirst = orderTotalsKobo
    .map((value, index) => ({ value, index }))
    .sort((a, b) => b.value - a.value || a.index - b.index);
  while (left > 0) {
    const room = largestFirst.find(
      ({ value, index }) => ((shares[index] ?? 0) + 1) * koboPerPointSpent < value,
    );
    if (!room) throw new RangeError(`${points} points don't fit orders of ${total} kobo`);
    shares[room.index] = (shares[room.index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
