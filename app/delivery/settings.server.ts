import { asc, eq, inArray } from "drizzle-orm";
import { auditSource, recordAudit } from "../auth/audit.server.ts";
import type { FieldErrors } from "../auth/forms.ts";
import type { Database, Executor } from "../db/database.server.ts";
import type { DeliveryRules } from "./areas.ts";
import { type DeliverySettingsInput, parseDeliverySettingsForm } from "./forms.ts";
import { deliveryAreas, deliverySettings } from "./schema.server.ts";

/**
 * A business's delivery and pickup settings (decision 021): read for the console's form and for
 * checkout, written by owners and managers in one transaction with its audit entry.
 */
export interface HandoverSettings extends DeliveryRules {
  pickupAddress: string;
  pickupHours: string;
}

const none = (): HandoverSettings => ({
  areas: [],
  freeDeliveryFromKobo: null,
  pickupAddress: "",
  pickupHours: "",
});

/** The settings of each business asked for; a business that never saved any gets the defaults. */
export async function handoverSettingsOf(
  executor: Executor,
  businessIds: string[],
): Promise<Map<string, HandoverSettings>> {
  const result = new Map(businessIds.map((id) => [id, none()]));
  if (businessIds.length === 0) return result;
  const [settingsRows, areaRows] = await Promise.all([
    executor
      .select()
      .from(deliverySettings)
      .where(inArray(deliverySettings.businessId, businessIds)),
    executor
      .select()
      .from(deliveryAreas)
      .where(inArray(deliveryAreas.businessId, businessIds))
      .orderBy(asc(deliveryAreas.businessId), asc(deliveryAreas.position)),
  ]);
  for (const row of settingsRows) {
    const settings = result.get(row.businessId);
    if (!settings) continue;
    settings.pickupAddress = row.pickupAddress;
    settings.pickupHours = row.pickupHours;
    settings.freeDeliveryFromKobo = row.freeDeliveryFromKobo;
  }
  for (const row of areaRows) {
    result.get(row.businessId)?.areas.push({
      city: row.city,
      area: row.area,
      feeKobo: row.feeKobo,
      estimate: row.estimate,
    });
  }
  return result;
}

export async function handoverSettingsFor(
  executor: Executor,
  businessId: string,
): Promise<HandoverSettings> {
  return (await handoverSettingsOf(executor, [businessId])).get(businessId) ?? none();
}

/** Replaces a business's settings and areas with `settings`, inside the caller's transaction. */
export async function writeHandoverSettings(
  tx: Executor,
  businessId: string,
  settings: DeliverySettingsInput,
  now = new Date(),
) {
  await tx
    .insert(deliverySettings)
    .values({
      businessId,
      pickupAddress: settings.pickupAddress,
      pickupHours: settings.pickupHours,
      freeDeliveryFromKobo: settings.freeDeliveryFromKobo,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: deliverySettings.businessId,
      set: {
        pickupAddress: settings.pickupAddress,
        pickupHours: settings.pickupHours,
        freeDeliveryFromKobo: settings.freeDeliveryFromKobo,
        updatedAt: now,
      },
    });
  await tx.delete(deliveryAreas).where(eq(deliveryAreas.businessId, businessId));
  if (settings.areas.length > 0) {
    await tx
      .insert(deliveryAreas)
      .values(settings.areas.map((area, position) => ({ businessId, position, ...area })));
  }
}

export type SaveDeliveryResult = { done: string } | { status: 400; errors: FieldErrors };

/**
 * Saves the console's form. Orders already placed keep the fee they were quoted (it is on the
 * order row), so a change here only prices checkouts from now on.
 */
export async function saveHandoverSettings(
  db: Database,
  options: { businessId: string; actorId: string; form: FormData; request: Request },
): Promise<SaveDeliveryResult> {
  const { businessId, actorId, form, request } = options;
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  const parsed = parseDeliverySettingsForm(values);
  if (parsed.errors) return { status: 400, errors: parsed.errors };
  const { settings } = parsed;
  await db.transaction(async (tx) => {
    await writeHandoverSettings(tx, businessId, settings);
    await recordAudit(tx, {
      action: "business.delivery-updated",
      actorId,
      subjectId: businessId,
      details: {
        areas: settings.areas.length,
        freeDeliveryFromKobo: settings.freeDeliveryFromKobo,
      },
      ...auditSource(request),
    });
  });
  return {
    done:
      settings.areas.length === 0
        ? "Saved. Shoppers can pick up their orders; you don't deliver."
        : `Saved. Checkout prices delivery to ${settings.areas.length === 1 ? "this place" : `these ${settings.areas.length} places`} from now on; orders already placed keep their fee.`,
  };
}
