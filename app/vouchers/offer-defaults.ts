import { koboToNairaText } from "#app/money.ts";
import type { OfferFormDefaults } from "./offer-form.tsx";
import type { ConsoleOffer } from "./offers.server.ts";

/** A saved offer as the form shows it. */
export function offerFormDefaults(offer: ConsoleOffer): OfferFormDefaults {
  return {
    title: offer.title,
    description: offer.description,
    value: koboToNairaText(offer.valueKobo),
    price: koboToNairaText(offer.priceKobo),
    validity: offer.validUntil ? "date" : "days",
    validDays: offer.validDays === null ? "" : String(offer.validDays),
    validUntil: offer.validUntil ?? "",
    totalQuantity: offer.totalQuantity === null ? "" : String(offer.totalQuantity),
    perShopperLimit: offer.perShopperLimit === null ? "" : String(offer.perShopperLimit),
    finePrint: offer.finePrint,
    status: offer.status,
    images: offer.images,
  };
}
