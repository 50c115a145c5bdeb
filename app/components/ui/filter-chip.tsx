import { X } from "lucide-react";
import { Link } from "react-router";

/** A filter in use, as a list item: its link is the same page without it. */
export function FilterChip({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <Link
        to={to}
        className="inline-flex min-h-9 items-center gap-1 rounded-full border border-line bg-surface px-3 text-sm font-medium text-ink hover:border-brand"
      >
        {label}
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">(remove this filter)</span>
      </Link>
    </li>
  );
}
