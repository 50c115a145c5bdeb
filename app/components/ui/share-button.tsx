import { Send } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Button } from "./button.tsx";

/**
 * Opens the phone's share sheet (Web Share API) with a link, where the browser has one; else
 * shows `fallback` (a copy button, or nothing when one is already beside it). The server and the
 * first render show the fallback, which works everywhere; the share button replaces it once the
 * page knows the browser can share.
 */
export function ShareButton({
  label,
  accessibleLabel,
  title,
  text,
  url,
  fallback = null,
}: {
  /** The button's words ("Send to a friend", "Share"). */
  label: string;
  /** A fuller name for screen readers when the words alone are ambiguous in a list. */
  accessibleLabel?: string;
  title: string;
  text: string;
  url: string;
  fallback?: ReactNode;
}) {
  const [canShare, setCanShare] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
  }, []);
  if (!canShare) return fallback;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        aria-label={accessibleLabel}
        onClick={async () => {
          setError(null);
          try {
            await navigator.share({ title, text, url });
          } catch (failure) {
            // Closing the share sheet is not a failure.
            if ((failure as Error).name !== "AbortError") {
              setError("Sharing didn't work. Copy the link instead.");
            }
          }
        }}
      >
        <Send aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}
