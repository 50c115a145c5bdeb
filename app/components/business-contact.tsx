import { ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { formatNigerianPhone } from "#app/auth/phone.ts";

/** A map search for the address; OpenStreetMap needs no key and sets no tracking cookies. */
export function mapLink(address: string, city: string) {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${address}, ${city}, Nigeria`)}`;
}

/** Address with a map link, phone and email of a business, as one `<address>`. */
export function BusinessContact({
  business,
}: {
  business: { address: string; city: string; phone: string; email: string };
}) {
  return (
    <address className="space-y-3 not-italic">
      <p className="flex items-start gap-2 text-ink">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        <span>
          {business.address}, {business.city}
          <br />
          <a
            href={mapLink(business.address, business.city)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand underline"
          >
            Open in a map
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </span>
      </p>
      {business.phone ? (
        <p className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          <a href={`tel:${business.phone.replace(/[^\d+]/g, "")}`} className="text-brand underline">
            {formatNigerianPhone(business.phone)}
          </a>
        </p>
      ) : null}
      {business.email ? (
        <p className="flex min-w-0 items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          <a href={`mailto:${business.email}`} className="break-all text-brand underline">
            {business.email}
          </a>
        </p>
      ) : null}
      {!business.phone && !business.email ? (
        <p className="text-sm text-ink-muted">No phone number or email listed.</p>
      ) : null}
    </address>
  );
}
