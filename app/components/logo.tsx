import { Link } from "react-router";

/**
 * Oja's mark and name, a link to the home page. `compact` (beside a business's own name in its
 * chrome) keeps the name for screen readers only on a phone, where the width goes to the business.
 */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 font-extrabold tracking-tight ${className ?? ""}`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="9" fill="var(--brand)" />
        <circle cx="16" cy="16" r="7.5" fill="none" stroke="var(--on-brand)" strokeWidth="3.2" />
        <circle cx="23.5" cy="8.5" r="3" fill="#f5b82e" />
      </svg>
      <span className={compact ? "sr-only text-xl text-ink sm:not-sr-only" : "text-xl text-ink"}>
        Oja
      </span>
    </Link>
  );
}
