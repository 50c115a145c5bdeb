import type { ReactNode } from "react";

/** A card of a detail page (an order, an invoice); its heading names the region. */
export function SectionCard({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-4">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
