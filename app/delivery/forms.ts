import { plainLineProblem } from "#app/plain-text.ts";
import type { FieldErrors } from "../auth/forms.ts";
import { parseNaira } from "../money.ts";
import { type DeliveryArea, placeKey } from "./areas.ts";

/**
 * The console's "Delivery and pickup" form (/vendor/{business}/delivery), shared by the page
 * (names, limits) and the server (the rules). Areas are numbered rows; a row left wholly empty
 * is no area, so a form without JavaScript can offer spare rows.
 */
export const maxDeliveryAreas = 40;
export const maxEstimateLength = 40;

export type AreaField = "city" | "area" | "fee" | "estimate";

/** `area-3-fee`: a field of the fourth row. */
export const areaFieldName = (row: number, field: AreaField) => `area-${row}-${field}`;

export interface DeliverySettingsInput {
  pickupAddress: string;
  pickupHours: string;
  freeDeliveryFromKobo: number | null;
  areas: DeliveryArea[];
}

function text(
  values: Record<string, unknown>,
  name: string,
  max: number,
  errors: FieldErrors,
): string {
  const raw = values[name];
  const value = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (value.length > max) errors[name] = `Use at most ${max} characters`;
  else {
    const problem = plainLineProblem(value);
    if (problem) errors[name] = problem;
  }
  return value;
}

/** The highest row number the form posted, so rows added in the browser are all read. */
function rowCount(values: Record<string, unknown>): number {
  let count = 0;
  for (const key of Object.keys(values)) {
    const match = /^area-(\d{1,3})-(city|area|fee|estimate)$/.exec(key);
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return count;
}

/** Reads the whole form; every problem comes back at once, keyed by its field's name. */
export function parseDeliverySettingsForm(
  values: Record<string, unknown>,
):
  | { settings: DeliverySettingsInput; errors?: undefined }
  | { settings?: undefined; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const pickupAddress = text(values, "pickupAddress", 160, errors);
  const pickupHours = text(values, "pickupHours", 120, errors);
  const freeText = text(values, "freeDeliveryFrom", 20, errors);
  let freeDeliveryFromKobo: number | null = null;
  if (freeText !== "" && !errors.freeDeliveryFrom) {
    const amount = parseNaira(freeText);
    if (amount === null || amount <= 0) {
      errors.freeDeliveryFrom = "Enter an amount in naira such as 20000, or leave it empty";
    } else {
      freeDeliveryFromKobo = amount;
    }
  }

  const areas: DeliveryArea[] = [];
  const seen = new Set<string>();
  const rows = rowCount(values);
  for (let row = 0; row < rows; row++) {
    const name = (field: AreaField) => areaFieldName(row, field);
    const city = text(values, name("city"), 60, errors);
    const area = text(values, name("area"), 60, errors);
    const feeText = text(values, name("fee"), 20, errors);
    const estimate = text(values, name("estimate"), maxEstimateLength, errors);
    if (!city && !area && !feeText && !estimate) continue;
    if (!city) errors[name("city")] ??= "Enter the city";
    const fee = feeText === "" ? null : parseNaira(feeText);
    if (feeText === "") errors[name("fee")] ??= "Enter the fee in naira, or 0 for free delivery";
    else if (fee === null) errors[name("fee")] ??= "Enter the fee in naira, such as 1500";
    if (!estimate) errors[name("estimate")] ??= "Say how long delivery takes, e.g. Same day";
    const key = `${placeKey(city)}|${placeKey(area)}`;
    if (city && seen.has(key)) {
      errors[name(area ? "area" : "city")] ??= area
        ? `${area} in ${city} is listed twice`
        : `${city} is listed twice`;
    }
    seen.add(key);
    if (city && fee !== null && estimate) areas.push({ city, area, feeKobo: fee, estimate });
  }
  if (areas.length > maxDeliveryAreas) {
    errors.areas = `List at most ${maxDeliveryAreas} places`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { settings: { pickupAddress, pickupHours, freeDeliveryFromKobo, areas } };
}
