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
  hiddenBecause: string | null;
  reply: { body: string; dated: string } | null;
}

/**
 * One review as readers see it: stars, title and words (React escapes them: text, never markup),
 * who wrote it and when, and the labels that say how Oja knows it ("Verified": Oja saw the
 * experience; "Invited": it came from an invitation sent to every customer), and the business's
 * reply. A review moderation removed or held shows only why. `businessName` labels the reply.
 */
export function ReviewCard({
  review,
  businessName,
  children,
}: {
  review: ReviewCardData;
  businessName: string;
  /** Below the byline: the helpful and report controls where the page has them. */
  children?: React.ReactNode;
}) {
  return (
    <article className="space-y-2 rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars value={review.stars} />
        <div className="flex flex-wrap gap-1">
          {review.verified ? <StatusPill label="Verified" tone="good" /> : null}
          {review.invited ? <StatusPill label="Invited" tone="neutral" /> : null}
        </div>
      </div>
      {review.hiddenBecause !== null ? (
        <p className="text-ink-muted">{review.hiddenBecause}</p>
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
      {review.reply ? (
        <div className="ms-4 border-brand border-s-2 ps-3">
          <p className="font-medium text-ink text-sm">
            Reply from {businessName} <span className="text-ink-muted">· {review.reply.dated}</span>
          </p>
          <p className="whitespace-pre-line break-words text-ink">{review.reply.body}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
