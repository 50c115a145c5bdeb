import { Construction } from "lucide-react";
import type { PlannedScreen as PlannedScreenData } from "#app/screens.ts";
import { ButtonLink } from "./ui/button.tsx";

/** A routed screen that a later issue builds: it says honestly what it will hold. */
export function PlannedScreen({ screen }: { screen: PlannedScreenData }) {
  return (
    <section
      aria-labelledby="screen-title"
      data-testid="planned-screen"
      className="mx-auto max-w-2xl px-4 py-14"
    >
      <h1 id="screen-title" className="mt-1 text-3xl font-bold text-ink">
        {screen.title}
      </h1>
      <p className="mt-3 text-lg text-ink">{screen.holds}</p>
      <p className="mt-6 inline-flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-sm text-ink-muted">
        <Construction aria-hidden="true" className="size-4" />
        This screen is being built and is not open yet.
      </p>
      <div className="mt-8">
        <ButtonLink to="/" variant="secondary">
          Back to the home page
        </ButtonLink>
      </div>
    </section>
  );
}
