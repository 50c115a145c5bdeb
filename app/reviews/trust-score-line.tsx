import type { ShownTrustScore } from "./shown-score.ts";
import { Stars } from "./stars.tsx";

/**
 * A business's TrustScore on one line, where shoppers choose between businesses (cards, page
 * headers, product pages): half stars, the score to one decimal and how many reviews it rests
 * on, or "No reviews yet". Read out as one phrase ("TrustScore 4.3 out of 5, 12 reviews"). The
 * figures come formatted from the loader (shown-score.ts): nothing to work out in the browser.
 */
export function TrustScoreLine({ score }: { score: ShownTrustScore | null }) {
  if (!score) return <span className="text-sm text-ink-muted">No reviews yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 text-sm">
      <span aria-hidden="true" className="contents">
        <Stars value={score.scoreStars} />
        <span className="font-semibold text-ink">{score.scoreText}</span>
        <span className="text-ink-muted">· {score.reviewsText}</span>
      </span>
      <span className="sr-only">
        TrustScore {score.scoreText} out of 5, {score.reviewsText}
      </span>
    </span>
  );
}
