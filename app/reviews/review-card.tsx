import { Link } from "react-router";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { Stars } from "./stars.tsx";

export interface ReviewCardData {
  id: string;
  stars: number;
  title: string;
  body: string;
  byline: string;
  verified: boolean;
  invited: boolean;
  removedReason: string | null;
}

/**
 * One review as readers see it: stars, title and words (React escapes them: text, never markup),
 * who wrote it and when, and the labels that say how Oja knows it ("Verified": Oja saw the
 * experience; "Invited": it came from an invitation sent to every customer). A removed review
 * shows only why.
 */
export function ReviewCard({ review }: { review: ReviewCardData }) {
  return (
    <article className="space-y-2 rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars value={review.stars} />
        <div className="flex flex-wrap gap-1">
          {review.verified ? <StatusPill label="Verified" tone="good" /> : null}
          {review.invited ? <StatusPill label="Invited" tone="neutral" /> : null}
        </div>
      </div>
      {review.removedReason !== null ? (
        <p className="text-ink-muted">Removed by Oja's moderators for: {review.removedReason}</p>
      ) : (
        <>
          <h3 className="font-semibold text-ink">
            <Link to={`/reviews/${review.id}`} className="hover:underline">
              {review.title}
            </Link>
          </h3>
          <p className="whitespace-pre-line break-words text-ink">{review.body}</p>
        </>
      )}
      <p className="text-sm text-ink-muted">{review.byline}</p>
    </article>
  );
}
