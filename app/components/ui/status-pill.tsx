import { clsx } from "clsx";

const tones = {
  good: "bg-brand-soft text-brand-strong",
  neutral: "bg-surface-sunken text-ink",
  bad: "bg-danger-soft text-danger",
} as const;

/** A record's state as a small pill, in words (never colour alone): a product's, an offer's. */
export function StatusPill({ label, tone }: { label: string; tone: keyof typeof tones }) {
  return (
    <span
      className={clsx(
        "inline-flex min-w-20 justify-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
      )}
    >
      {label}
    </span>
  );
}
