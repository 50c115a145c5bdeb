/**
 * Opening hours read in Lagos time, shared by the business profile and anything else that says
 * "Open now · closes 21:00". Pure and free of server code, so pages can import it too.
 *
 * The rule is the one `search()` applies in SQL for its "open now" filter: a span [opens,
 * closes] in "HH:MM" is open from `opens` up to (not including) `closes`; a span whose closing
 * time is not after its opening time runs past midnight into the next day.
 */

export const weekdayKeys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekdayKey = (typeof weekdayKeys)[number];
export type WeeklyHours = Record<WeekdayKey, ReadonlyArray<readonly [string, string]>>;

export const weekdayNames: Record<WeekdayKey, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

const lagosClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export interface LagosMoment {
  /** The weekday key in Lagos at that moment. */
  day: WeekdayKey;
  /** The weekday before, whose overnight spans may still be running. */
  previousDay: WeekdayKey;
  /** "HH:MM", 24-hour. */
  time: string;
}

/** The Lagos weekday and "HH:MM" of a moment (Intl, so the host's time zone never matters). */
export function lagosMoment(now: Date): LagosMoment {
  const parts = Object.fromEntries(lagosClock.formatToParts(now).map((p) => [p.type, p.value]));
  const day = (parts.weekday ?? "").slice(0, 3).toLowerCase() as WeekdayKey;
  const index = weekdayKeys.indexOf(day);
  if (index < 0) throw new Error(`unexpected weekday ${parts.weekday}`);
  return {
    day,
    previousDay: weekdayKeys[(index + 6) % 7] as WeekdayKey,
    time: `${parts.hour}:${parts.minute}`,
  };
}

const overnight = ([opens, closes]: readonly [string, string]) => closes <= opens;

export type OpeningStatus =
  | { open: true; closes: string }
  | {
      open: false;
      /** When it next opens, or null when the week has no opening hours at all. */
      opens: { time: string; when: "today" | "tomorrow" | WeekdayKey } | null;
    };

/** Whether the business is open at `now`, until when, or when it next opens. */
export function openingStatus(hours: WeeklyHours, now: Date): OpeningStatus {
  const { day, previousDay, time } = lagosMoment(now);
  const today = hours[day] ?? [];
  const running =
    today.find((span) => time >= span[0] && (time < span[1] || overnight(span))) ??
    (hours[previousDay] ?? []).find((span) => overnight(span) && time < span[1]);
  if (running) {
    // A span that starts exactly when this one closes (13:00–18:00 after 09:00–13:00) keeps
    // the doors open: say the later closing time.
    // A span running past midnight from today would chain into tomorrow's: not worth saying.
    let closes = running[1];
    const chains = !(overnight(running) && today.includes(running));
    for (let guard = 0; chains && guard < today.length; guard++) {
      const next = today.find((span) => span[0] === closes && span !== running);
      if (!next || overnight(next)) break;
      closes = next[1];
    }
    return { open: true, closes };
  }
  const laterToday = today
    .filter((span) => span[0] > time)
    .map((span) => span[0])
    .sort()[0];
  if (laterToday) return { open: false, opens: { time: laterToday, when: "today" } };
  const start = weekdayKeys.indexOf(day);
  for (let ahead = 1; ahead <= 7; ahead++) {
    const key = weekdayKeys[(start + ahead) % 7] as WeekdayKey;
    const first = (hours[key] ?? []).map((span) => span[0]).sort()[0];
    if (first) {
      return {
        open: false,
        opens: { time: first, when: ahead === 1 ? "tomorrow" : key },
      };
    }
  }
  return { open: false, opens: null };
}

/** "Open now · closes 21:00", "Closed · opens tomorrow 09:00", "Closed · opens Monday 09:00". */
export function describeOpeningStatus(status: OpeningStatus): string {
  if (status.open) return `Open now · closes ${status.closes}`;
  if (!status.opens) return "Closed · no opening hours listed";
  const { time, when } = status.opens;
  if (when === "today") return `Closed · opens ${time}`;
  if (when === "tomorrow") return `Closed · opens tomorrow ${time}`;
  return `Closed · opens ${weekdayNames[when]} ${time}`;
}

/** "09:00–18:00, 19:00–23:00", or "Closed" for a day without spans. */
export function describeDay(spans: ReadonlyArray<readonly [string, string]>): string {
  if (spans.length === 0) return "Closed";
  return [...spans]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([opens, closes]) => `${opens}–${closes}`)
    .join(", ");
}

/**
 * schema.org `openingHoursSpecification` for JSON-LD. An overnight span is split at midnight
 * (schema.org wants closes after opens on one day).
 */
export function openingHoursSpecification(hours: WeeklyHours) {
  const specs: Array<{ "@type": string; dayOfWeek: string; opens: string; closes: string }> = [];
  weekdayKeys.forEach((key, index) => {
    for (const span of hours[key] ?? []) {
      const dayOfWeek = `https://schema.org/${weekdayNames[key]}`;
      if (!overnight(span)) {
        specs.push({
          "@type": "OpeningHoursSpecification",
          dayOfWeek,
          opens: span[0],
          closes: span[1],
        });
        continue;
      }
      specs.push({
        "@type": "OpeningHoursSpecification",
        dayOfWeek,
        opens: span[0],
        closes: "23:59",
      });
      if (span[1] !== "00:00") {
        const next = weekdayKeys[(index + 1) % 7] as WeekdayKey;
        specs.push({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: `https://schema.org/${weekdayNames[next]}`,
          opens: "00:00",
          closes: span[1],
        });
      }
    }
  });
  return specs;
}
