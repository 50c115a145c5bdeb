import {
  describeOpeningStatus,
  lagosMoment,
  openingStatus,
  type WeeklyHours,
} from "#app/catalog/opening-hours.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { OpeningHours } from "./opening-hours.tsx";

/**
 * Opening hours on pages served from the shared render cache: the page was rendered at some
 * earlier moment, so "open now" and "today" are worked out in the browser, in Lagos time.
 */
export function LiveOpeningHours({ hours }: { hours: WeeklyHours }) {
  const hydrated = useHydrated();
  if (!hydrated)
    return <OpeningHours hours={hours} status="Opening hours (Lagos time)" open={false} />;
  const now = new Date();
  const status = openingStatus(hours, now);
  return (
    <OpeningHours
      hours={hours}
      today={lagosMoment(now).day}
      status={describeOpeningStatus(status)}
      open={status.open}
    />
  );
}

/** "Open now · closes 21:00" as a badge, shown once the browser knows the time. */
export function LiveOpeningBadge({ hours }: { hours: WeeklyHours }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const status = openingStatus(hours, new Date());
  return (
    <span
      className={
        status.open
          ? "rounded-full bg-brand-soft px-2.5 py-0.5 text-sm font-semibold text-brand"
          : "rounded-full bg-surface-sunken px-2.5 py-0.5 text-sm font-medium text-ink-muted"
      }
    >
      {describeOpeningStatus(status)}
    </span>
  );
}
