import { formatNaira, type Kobo } from "#app/money.ts";

/** Every price on screen goes through here; nobody formats money by hand. */
export function Money({ kobo, className }: { kobo: Kobo; className?: string }) {
  return <span className={className}>{formatNaira(kobo)}</span>;
}
