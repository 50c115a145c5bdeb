import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form } from "react-router";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import {
  ConsoleFormOutcome,
  ConsoleSaveBar,
  type FieldErrors,
  useConsoleForm,
} from "#app/console/console-form.tsx";
import { businessProfileForEditing } from "#app/console/profile.server.ts";
import { services } from "#app/context.server.ts";
import { pickupDetails } from "#app/delivery/areas.ts";
import { type AreaField, areaFieldName, maxEstimateLength } from "#app/delivery/forms.ts";
import { handoverSettingsFor, saveHandoverSettings } from "#app/delivery/settings.server.ts";
import { notFound } from "#app/errors.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { kobo, koboToNairaText } from "#app/money.ts";
import type { Route } from "./+types/vendor-delivery";

/**
 * /vendor/{business}/delivery: where and when shoppers pick up, the places the business delivers
 * to with a fee and an estimate each, and the order size from which delivery is free (issue 15,
 * decision 021). Owners and managers; staff and everyone else get 404 for page and action alike.
 */
export function meta() {
  return [{ title: "Delivery and pickup · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "manager");
  const { db } = services(context);
  const [profile, settings] = await Promise.all([
    businessProfileForEditing(db, membership.businessId),
    handoverSettingsFor(db, membership.businessId),
  ]);
  if (!profile) throw notFound(new URL(request.url));
  const naira = (value: number) => koboToNairaText(kobo(value)).replace(/\.00$/, "");
  return {
    name: profile.name,
    ownAddress: pickupDetails(undefined, profile).address,
    pickupAddress: settings.pickupAddress,
    pickupHours: settings.pickupHours,
    freeDeliveryFrom:
      settings.freeDeliveryFromKobo === null ? "" : naira(settings.freeDeliveryFromKobo),
    areas: settings.areas.map((area) => ({
      city: area.city,
      area: area.area,
      fee: naira(area.feeKobo),
      estimate: area.estimate,
    })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "manager",
  );
  const result = await saveHandoverSettings(services(context).db, {
    businessId: membership.businessId,
    actorId: user.id,
    form: await request.formData(),
    request,
  });
  if ("errors" in result) return data({ errors: result.errors }, { status: result.status });
  return { done: result.done };
}

type AreaRow = Record<AreaField, string> & { key: number };

/** Rows a form without JavaScript offers beyond the saved ones, to add places. */
const spareRows = 2;

export default function VendorDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, errors, done } = useConsoleForm(actionData);
  return (
    <section aria-labelledby="delivery-heading" className="space-y-5">
      <div>
        <h1 id="delivery-heading" className="text-xl font-semibold text-ink">
          Delivery and pickup
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          How shoppers get their orders from {loaderData.name}. Checkout charges the fee of the
          shopper's city or area, in the same payment as the order.
        </p>
      </div>
      <ConsoleFormOutcome errors={errors} done={done} summary={errors.areas} />
      <Form method="post" className="space-y-5" noValidate>
        <FieldsetPanel
          title="Pickup"
          intro="Shoppers can always pick up: it is what they choose where you don't deliver."
        >
          <Field
            label="Pickup address (optional)"
            name="pickupAddress"
            maxLength={160}
            defaultValue={loaderData.pickupAddress}
            hint={`Leave empty to use your address: ${loaderData.ownAddress}.`}
            error={errors.pickupAddress}
          />
          <Field
            label="Pickup times (optional)"
            name="pickupHours"
            maxLength={120}
            defaultValue={loaderData.pickupHours}
            hint="E.g. “Mon–Sat, 10:00–18:00 at the front desk”. Leave empty to say “During opening hours”."
            error={errors.pickupHours}
          />
        </FieldsetPanel>
        <FieldsetPanel
          title="Delivery"
          intro="List the cities you deliver to. Add a named area (Lekki, Wuse 2) to charge a different fee there; a city without an area covers the rest of that city. Shoppers anywhere else see pickup only, with the reason."
        >
          <AreaRows
            // Saved places come back from the server as stored: start the rows again from them.
            key={JSON.stringify(loaderData.areas)}
            saved={loaderData.areas}
            errors={errors}
          />
          <Field
            label="Free delivery from (₦, optional)"
            name="freeDeliveryFrom"
            inputMode="decimal"
            maxLength={20}
            defaultValue={loaderData.freeDeliveryFrom}
            hint="Orders whose items cost at least this get free delivery, in every place above."
            error={errors.freeDeliveryFrom}
            className="sm:max-w-xs"
          />
        </FieldsetPanel>
        <ConsoleSaveBar busy={busy}>{busy ? "Saving…" : "Save delivery and pickup"}</ConsoleSaveBar>
      </Form>
    </section>
  );
}

/**
 * The places, one fieldset each. Before JavaScript there are spare empty rows (an empty row is
 * no place); after, "Add a place" and "Remove" change the rows, and the posted names are
 * renumbered in order.
 */
function AreaRows({
  saved,
  errors,
}: {
  saved: Array<Record<AreaField, string>>;
  errors: FieldErrors;
}) {
  const empty = { city: "", area: "", fee: "", estimate: "" };
  const [rows, setRows] = useState<AreaRow[]>(() =>
    [...saved, ...Array.from({ length: spareRows }, () => empty)].map((row, key) => ({
      ...row,
      key,
    })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const hydrated = useHydrated();
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const name = (field: AreaField) => areaFieldName(index, field);
          return (
            <li key={row.key}>
              <fieldset className="rounded-xl border border-line p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold text-ink">Place {index + 1}</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_8rem_1fr_auto] sm:items-start">
                  <Field
                    label="City"
                    name={name("city")}
                    className="col-span-2 sm:col-span-1"
                    maxLength={60}
                    defaultValue={row.city}
                    error={errors[name("city")]}
                  />
                  <Field
                    label="Area (optional)"
                    name={name("area")}
                    className="col-span-2 sm:col-span-1"
                    maxLength={60}
                    defaultValue={row.area}
                    error={errors[name("area")]}
                  />
                  <Field
                    label="Fee (₦)"
                    name={name("fee")}
                    inputMode="decimal"
                    maxLength={20}
                    defaultValue={row.fee}
                    error={errors[name("fee")]}
                  />
                  <Field
                    label="Estimate"
                    name={name("estimate")}
                    maxLength={maxEstimateLength}
                    defaultValue={row.estimate}
                    error={errors[name("estimate")]}
                  />
                  {hydrated ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="md"
                      className="col-span-2 justify-self-end text-danger sm:col-span-1 sm:mt-6"
                      onClick={() =>
                        setRows((current) => current.filter((it) => it.key !== row.key))
                      }
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove<span className="sr-only"> place {index + 1}</span>
                    </Button>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setRows((current) => [...current, { ...empty, key: nextKey }]);
            setNextKey((key) => key + 1);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a place
        </Button>
      ) : null}
      <p className="text-sm text-ink-muted">
        E.g. Lagos, area Lekki, ₦1500, “Same day”; the same city with no area covers the rest of it.
        A fee of 0 is free delivery there. An empty place is left out when you save.
      </p>
    </div>
  );
}
