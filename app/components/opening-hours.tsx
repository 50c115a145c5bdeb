import { clsx } from "clsx";
import { Clock } from "lucide-react";
import {
  describeDay,
  type WeekdayKey,
  type WeeklyHours,
  weekdayKeys,
  weekdayNames,
} from "#app/catalog/opening-hours.ts";

/**
 * The week's opening hours with today marked, under the status line ("Open now · closes
 * 21:00"). `today` and `status` come from the server, judged in Lagos time, so the page reads
 * the same whatever the visitor's clock or time zone.
 */
export function OpeningHours({
  hours,
  today,
  status,
  open,
}: {
  hours: WeeklyHours;
  /** Unknown on pages from the shared cache until the browser has worked it out. */
  today?: WeekdayKey;
  status: string;
  open: boolean;
}) {
  return (
    <div>
      <p className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden="true" className="size-4 text-ink-muted" />
        <span className={open ? "text-brand" : "text-ink"}>{status}</span>
      </p>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Opening hours, Lagos time</caption>
        <tbody>
          {weekdayKeys.map((day) => (
            <tr
              key={day}
              aria-current={day === today ? "date" : undefined}
              className={clsx(day === today && "bg-brand-soft font-semibold")}
            >
              <th scope="row" className="py-1.5 pl-2 pr-4 text-left font-medium text-ink">
                {weekdayNames[day]}
                {day === today ? <span className="ml-1 text-ink-muted">(today)</span> : null}
              </th>
              <td className="py-1.5 pr-2 text-right text-ink tabular-nums">
                {describeDay(hours[day] ?? [])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
