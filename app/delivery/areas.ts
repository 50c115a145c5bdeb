import { formatNaira, kobo } from "../money.ts";

/**
 * Which of a business's delivery areas serves a shopper's address, and what delivery costs
 * there (decision 021). Shared by the server, which prices checkout with it, and the console and
 * checkout screens, which word its answers.
 */
export interface DeliveryArea {
  city: string;
  /** A named area within the city; empty: the whole city. */
  area: string;
  feeKobo: number;
  estimate: string;
}

export interface DeliveryRules {
  areas: DeliveryArea[];
  /** Delivery is free when the order's items cost at least this; null: never free. */
  freeDeliveryFromKobo: number | null;
}

/** Where the shopper wants it: the address's city and, when given, the area within it. */
export interface DeliveryPlace {
  city: string;
  area: string;
}

export type DeliveryOption =
  /** The business delivers there: the fee charged (0 when free) and its estimate. */
  | {
      kind: "available";
      feeKobo: number;
      /** The area's fee before the free-delivery threshold; equal to feeKobo when not free. */
      areaFeeKobo: number;
      estimate: string;
      freeDeliveryFromKobo: number | null;
    }
  /** The business delivers, but the shopper hasn't said where yet. */
  | { kind: "needs_address"; cities: string[] }
  /** The business delivers, but not to the shopper's city or area. */
  | { kind: "not_served"; reason: string }
  /** The business only hands orders over for pickup. */
  | { kind: "pickup_only"; reason: string };

/**
 * A place name as compared: case, accents, punctuation and spacing don't count, so "Ọ̀yọ́",
 * "oyo" and "OYO " are one city, and "Port-Harcourt" is "Port Harcourt".
 */
export function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, " ")
    .trim();
}

/**
 * Whether the shopper's area is the business's named area: the same words, or the business's
 * words followed by more ("Lekki" serves "Lekki Phase 1"), never a word in the middle.
 */
function areaMatches(businessArea: string, shopperArea: string): boolean {
  const wanted = placeKey(businessArea);
  const given = placeKey(shopperArea);
  return given === wanted || given.startsWith(`${wanted} `);
}

/** The distinct city names of the areas, as the business wrote them, in its order. */
export function deliveryCities(areas: DeliveryArea[]): string[] {
  const seen = new Map<string, string>();
  for (const area of areas) {
    const key = placeKey(area.city);
    if (!seen.has(key)) seen.set(key, area.city);
  }
  return [...seen.values()];
}

/** "Lagos", "Lagos and Abuja", "Lagos, Abuja and Ibadan". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * What delivery to `place` costs from a business with these rules, for an order whose items cost
 * `subtotalKobo`. A named area that matches wins over its city's whole-city entry; an address
 * without an area, or with an area the business doesn't name, gets the whole-city entry if there
 * is one.
 */
export function deliveryOption(
  businessName: string,
  rules: DeliveryRules,
  subtotalKobo: number,
  place: DeliveryPlace | null,
): DeliveryOption {
  if (rules.areas.length === 0) {
    return {
      kind: "pickup_only",
      reason: `${businessName} doesn't deliver. Pick your order up from them.`,
    };
  }
  const cities = deliveryCities(rules.areas);
  if (!place || placeKey(place.city) === "") return { kind: "needs_address", cities };
  const inCity = rules.areas.filter((area) => placeKey(area.city) === placeKey(place.city));
  if (inCity.length === 0) {
    return {
      kind: "not_served",
      reason: `${businessName} doesn't deliver to ${place.city.trim()}. It delivers in ${listNames(cities)}.`,
    };
  }
  const named = place.area.trim()
    ? inCity.find((area) => area.area.trim() !== "" && areaMatches(area.area, place.area))
    : undefined;
  const chosen = named ?? inCity.find((area) => area.area.trim() === "");
  if (!chosen) {
    const areas = listNames(inCity.map((area) => area.area.trim()));
    return {
      kind: "not_served",
      reason: place.area.trim()
        ? `${businessName} doesn't deliver to ${place.area.trim()}. In ${inCity[0]?.city} it delivers only to ${areas}.`
        : `${businessName} delivers in ${inCity[0]?.city} only to ${areas}. Enter your area.`,
    };
  }
  const free = rules.freeDeliveryFromKobo !== null && subtotalKobo >= rules.freeDeliveryFromKobo;
  return {
    kind: "available",
    feeKobo: free ? 0 : chosen.feeKobo,
    areaFeeKobo: chosen.feeKobo,
    estimate: chosen.estimate,
    freeDeliveryFromKobo: rules.freeDeliveryFromKobo,
  };
}

/** "₦1,500.00" or "Free". */
export function describeFee(feeKobo: number): string {
  return feeKobo === 0 ? "Free" : formatNaira(kobo(feeKobo));
}

/** Where and when an order is collected: the business's pickup settings, else its own address. */
export function pickupDetails(
  settings: { pickupAddress: string; pickupHours: string } | undefined,
  business: { address: string; city: string },
): { address: string; hours: string } {
  return {
    address: settings?.pickupAddress || `${business.address}, ${business.city}`,
    hours: settings?.pickupHours || "During opening hours",
  };
}
