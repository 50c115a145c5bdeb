import { Check, Copy } from "lucide-react";
import { useId } from "react";
import { useClipboard } from "#app/hooks/use-clipboard.ts";
import { Button } from "./button.tsx";

/** A copy button whose label says "Copied" for 1500 ms, with a visible message if copying fails. */
export function CopyButton({
  text,
  label = "Copy",
  what,
  timeout,
}: {
  text: string;
  label?: string;
  /** What is copied, for screen readers ("referral link"). */
  what: string;
  timeout?: number;
}) {
  const { copy, copied, error } = useClipboard({ timeout });
  const errorId = useId();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => copy(text)}
        aria-describedby={error ? errorId : undefined}
        aria-label={copied ? `Copied ${what}` : `${label} ${what}`}
      >
        {copied ? (
          <Check aria-hidden="true" className="size-4 text-brand" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        <span aria-live="polite">{copied ? "Copied" : label}</span>
      </Button>
      {error ? (
        <span id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}
