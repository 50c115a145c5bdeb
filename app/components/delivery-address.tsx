import { MapPin } from "lucide-react";
import type { DeliveryAddress } from "#app/orders/schema.server.ts";

/** An order's delivery address on one line, as the shopper and the business both read it. */
export function DeliveryAddressLine({ address }: { address: DeliveryAddress }) {
  return (
    <p className="mt-2 flex gap-2 text-ink">
      <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-ink-muted" />
      <span>
        {address.recipient}, {address.line1}
        {address.line2 ? `, ${address.line2}` : ""}, {address.city}, {address.state} ·{" "}
        {address.phone}
      </span>
    </p>
  );
}
