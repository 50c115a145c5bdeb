import { Stars } from "./stars.tsx";
import { formatTrustScore, halfStars } from "./trust-score.ts";

/**
 * A business's TrustScore as a reader sees it: the score to one decimal with its half stars, how
 * many reviews, and how they spread over 1 to 5 stars (bars with their counts in words).
 */
export function ReviewSummaryPanel({
  summary,
}: {
  summary: { trustScore: number; reviewCount: number; distribution: number[] };
}) {
  const { trustScore, reviewCount, distribution } = summary;
  const most = Math.max(...distribution, 1);
  return (
    <div className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[auto_1fr]">
      <div className="space-y-1">
        <p className="text-4xl font-bold text-ink">{formatTrustScore(trustScore)}</p>
        <Stars value={halfStars(trustScore)} />
        <p className="text-sm text-ink-muted">
          TrustScore · {reviewCount} {reviewCount === 1 ? "review" : "reviews"}
        </p>
      </div>
      <ul className="space-y-1" aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = distribution[stars - 1] ?? 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="w-12 shrink-0 text-ink">
                {stars} {stars === 1 ? "star" : "stars"}
              </span>
              <span
                aria-hidden="true"
                className="h-2 flex-1 overflow-hidden rounded-full bg-surface-sunken"
              >
                <span
                  className="block h-full bg-points"
                  style={{ width: `${(count / most) * 100}%` }}
                />
              </span>
              <span className="w-10 shrink-0 text-right text-ink-muted">{count}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
