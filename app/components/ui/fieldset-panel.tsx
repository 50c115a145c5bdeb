import type { ReactNode } from "react";

/**
 * A titled group of a console form's fields (the business profile, delivery and pickup): a
 * fieldset named by its visible heading, with an optional line that says what the group is for.
 */
export function FieldsetPanel({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <fieldset
      aria-labelledby={id}
      className="space-y-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <legend className="sr-only">{title}</legend>
      <div>
        <h2 id={id} className="text-base font-semibold text-ink">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-sm text-ink-muted">{intro}</p> : null}
      </div>
      {children}
    </fieldset>
  );
}
