/**
 * Stars as shown beside a review or a TrustScore (whole or half stars), read out as "4.5 out of
 * 5 stars": one image to a screen reader, characters (no icon font, no SVG per star) to the eye.
 */
export function Stars({ value }: { value: number }) {
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  return (
    <span role="img" aria-label={`${value} out of 5 stars`} className="inline-flex text-base">
      <span aria-hidden="true" className="text-points">
        {"★".repeat(whole)}
      </span>
      {half ? (
        <span aria-hidden="true" className="relative text-ink-muted/40">
          ★<span className="absolute inset-0 w-1/2 overflow-hidden text-points">★</span>
        </span>
      ) : null}
      <span aria-hidden="true" className="text-ink-muted/40">
        {"★".repeat(5 - whole - (half ? 1 : 0))}
      </span>
    </span>
  );
}
