import { Stars } from "./stars.tsx";

interface SummaryData {
  scoreText: string;
  scoreStars: number;
  reviewCount: number;
  distribution: number[];
}

/** A business's TrustScore to one decimal, its half stars and how many reviews it rests on (as reviewSummary gives them). */
export function TrustScoreBadge({ summary }: { summary: Omit<SummaryData, "distribution"> }) {
  const { scoreText, scoreStars, reviewCount } = summary;
  return (
    <div className="space-y-1">
      <p className="text-4xl font-bold text-ink">{scoreText}</p>
      <Stars value={scoreStars} />
      <p className="text-sm text-ink-muted">
        TrustScore · {reviewCount} {reviewCount === 1 ? "review" : "reviews"}
      </p>
    </div>
  );
}

/**
 * The TrustScore beside how the reviews spread over 1 to 5 stars (bars with their counts), as
 * the page of all a business's reviews shows it.
 */
export function ReviewSummaryPanel({ summary }: { summary: SummaryData }) {
  const most = Math.max(...summary.distribution, 1);
  return (
    <div className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[auto_1fr]">
      <TrustScoreBadge summary={summary} />
      <ul className="space-y-1" aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
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
