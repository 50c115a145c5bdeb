import { Star } from "lucide-react";
import { useState } from "react";

const starWords = ["Bad", "Poor", "Average", "Great", "Excellent"] as const;

/**
 * Choosing 1 to 5 stars: five radio buttons drawn as stars (keyboard: arrows move between them,
 * as in any radio group), each named for screen readers ("4 stars: Great"), with the word of
 * the choice shown below. Works without JavaScript: the radios are real.
 */
export function StarsInput({ defaultValue = 0, error }: { defaultValue?: number; error?: string }) {
  const [stars, setStars] = useState(defaultValue);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">Your rating</legend>
      <div className="flex gap-1">
        {starWords.map((word, index) => {
          const value = index + 1;
          return (
            <label key={word} className="cursor-pointer">
              <input
                type="radio"
                name="stars"
                value={value}
                defaultChecked={defaultValue === value}
                onChange={() => setStars(value)}
                className="peer sr-only"
                aria-label={`${value} ${value === 1 ? "star" : "stars"}: ${word}`}
              />
              <Star
                aria-hidden="true"
                className={`size-9 rounded-md p-0.5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand ${
                  value <= stars ? "fill-points text-points" : "text-ink-muted"
                }`}
              />
            </label>
          );
        })}
      </div>
      {error && stars === 0 ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p className="text-sm text-ink-muted" aria-live="polite">
          {stars > 0 ? starWords[stars - 1] : "Choose from 1 to 5 stars."}
        </p>
      )}
    </fieldset>
  );
}
