import { useState } from "react";
import { data, Form } from "react-router";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import {
  contrastWithWhite,
  formatContrast,
  hexColorPattern,
  minBrandContrast,
} from "#app/catalog/brand-color.ts";
import { listCategories } from "#app/catalog/catalog.server.ts";
import { weekdayKeys, weekdayNames } from "#app/catalog/opening-hours.ts";
import { Field, FieldError, SelectField, TextAreaField } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import {
  ConsoleFormOutcome,
  ConsoleSaveBar,
  type FieldErrors,
  useConsoleForm,
} from "#app/console/console-form.tsx";
import { hoursErrorKey, hoursFieldName, maxSpansPerDay } from "#app/console/form-fields.ts";
import { PictureField } from "#app/console/picture-field.tsx";
import { businessProfileForEditing, saveBusinessProfile } from "#app/console/profile.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Route } from "./+types/vendor-profile";

/**
 * /vendor/{business}/profile: the owner's profile, opening hours and branding (the accent colour
 * and logo of the business's custom-layout pages). Owners only: managers and staff get 404 for
 * the page and its action alike.
 */
export function meta() {
  return [{ title: "Profile and hours · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "owner");
  const { db } = services(context);
  const [profile, categories] = await Promise.all([
    businessProfileForEditing(db, membership.businessId),
    listCategories(db),
  ]);
  if (!profile) throw notFound(new URL(request.url));
  return {
    profile: { ...profile, phone: profile.phone ? formatNigerianPhone(profile.phone) : "" },
    categories: categories.map((category) => ({ value: category.id, label: category.name })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "owner",
  );
  const { db, media } = services(context);
  const result = await saveBusinessProfile(db, {
    businessId: membership.businessId,
    actorId: user.id,
    form: await request.formData(),
    request,
    media,
  });
  if ("errors" in result) return data({ errors: result.errors }, { status: result.status });
  return { done: result.done };
}

export default function VendorProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, categories } = loaderData;
  const { busy, errors, done } = useConsoleForm(actionData);
  return (
    <section aria-labelledby="profile-heading" className="space-y-5">
      <div>
        <h1 id="profile-heading" className="text-xl font-semibold text-ink">
          Profile and hours
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          What shoppers read about {profile.name} at /{profile.slug}, when you're open, and your
          colours.
        </p>
      </div>
      <ConsoleFormOutcome errors={errors} done={done} summary={errors.form} />
      <Form method="post" encType="multipart/form-data" className="space-y-5" noValidate>
        <FieldsetPanel title="About">
          <Field
            label="Tagline (optional)"
            name="tagline"
            maxLength={120}
            defaultValue={profile.tagline}
            hint="One line under your name, e.g. “Calm massages in the heart of Lekki”."
            error={errors.tagline}
          />
          <TextAreaField
            label="Description"
            name="description"
            rows={5}
            maxLength={2000}
            defaultValue={profile.description}
            hint="At least 20 characters."
            error={errors.description}
          />
          <SelectField
            label="Category"
            name="categoryId"
            options={categories}
            defaultValue={profile.categoryId}
            error={errors.categoryId}
          />
        </FieldsetPanel>
        <FieldsetPanel title="Contact">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="Phone"
              name="phone"
              type="tel"
              inputMode="tel"
              maxLength={30}
              defaultValue={profile.phone}
              hint="Nigerian number, e.g. 0803 123 4567"
              error={errors.phone}
            />
            <Field
              label="Email (optional)"
              name="email"
              type="email"
              inputMode="email"
              maxLength={254}
              defaultValue={profile.email}
              error={errors.email}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Street address"
              name="address"
              maxLength={160}
              defaultValue={profile.address}
              error={errors.address}
            />
            <Field
              label="City"
              name="city"
              maxLength={60}
              defaultValue={profile.city}
              error={errors.city}
            />
          </div>
        </FieldsetPanel>
        <FieldsetPanel
          title="Opening hours"
          intro="24-hour times such as 09:00 or 18:30, Lagos time. Leave a day empty when you're closed; add a second span for a break. A span that closes before it opens runs past midnight."
        >
          <OpeningHoursFields hours={profile.hours} errors={errors} />
        </FieldsetPanel>
        <FieldsetPanel title="Branding">
          <BrandColorField defaultValue={profile.brandColor} error={errors.brandColor} />
          <div className="grid gap-5 sm:grid-cols-2">
            <PictureField
              label="Logo"
              name="logo"
              shape="square"
              current={profile.logo}
              hint="Square works best. JPEG, PNG or WebP, up to 8 MB. Leave empty to keep the current one."
              error={errors.logo}
            />
            <PictureField
              label="Cover picture"
              name="cover"
              shape="wide"
              current={profile.cover}
              hint="Wide, up to 8 MB. Leave empty to keep the current one."
              error={errors.cover}
            />
          </div>
        </FieldsetPanel>
        <ConsoleSaveBar busy={busy}>{busy ? "Saving…" : "Save profile"}</ConsoleSaveBar>
      </Form>
    </section>
  );
}

function OpeningHoursFields({
  hours,
  errors,
}: {
  hours: Record<string, Array<[string, string]>>;
  errors: FieldErrors;
}) {
  return (
    <div className="divide-y divide-line">
      {weekdayKeys.map((day) => {
        const error = errors[hoursErrorKey(day)];
        const errorId = error ? `hours-${day}-error` : undefined;
        return (
          <fieldset key={day} className="grid gap-2 py-3 sm:grid-cols-[7rem_1fr]">
            <legend className="float-left pt-2 font-medium text-ink">{weekdayNames[day]}</legend>
            <div className="space-y-2">
              {Array.from({ length: maxSpansPerDay }, (_, index) => {
                const span = index + 1;
                const [opens, closes] = hours[day]?.[index] ?? ["", ""];
                const which = span === 1 ? "" : " (second span)";
                return (
                  <div key={span} className="flex flex-wrap items-center gap-2">
                    <TimeInput
                      name={hoursFieldName(day, span, "opens")}
                      defaultValue={opens}
                      label={`${weekdayNames[day]} opens${which}`}
                      errorId={errorId}
                    />
                    <span aria-hidden="true" className="text-ink-muted">
                      to
                    </span>
                    <TimeInput
                      name={hoursFieldName(day, span, "closes")}
                      defaultValue={closes}
                      label={`${weekdayNames[day]} closes${which}`}
                      errorId={errorId}
                    />
                  </div>
                );
              })}
              {error ? <FieldError id={errorId}>{error}</FieldError> : null}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * One end of a span, "HH:MM" typed as text: phone keypads have no colon, and the server reads
 * "0900" or "9.00" as well (normaliseTime). `errorId` is the day's error, when it has one.
 */
function TimeInput({
  name,
  defaultValue,
  label,
  errorId,
}: {
  name: string;
  defaultValue: string;
  label: string;
  errorId: string | undefined;
}) {
  return (
    <input
      type="text"
      inputMode="decimal"
      placeholder="--:--"
      maxLength={5}
      autoComplete="off"
      name={name}
      defaultValue={defaultValue}
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className="min-h-11 w-[5.5rem] rounded-lg text-center font-mono tabular-nums border border-line bg-surface px-2 text-base text-ink placeholder:text-ink-muted focus:border-brand focus:outline-2 focus:outline-focus aria-[invalid=true]:border-danger"
    />
  );
}

/** The accent colour, with a live sample of a button in it and its contrast with white text. */
function BrandColorField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [color, setColor] = useState(defaultValue);
  const valid = hexColorPattern.test(color);
  const ratio = valid ? contrastWithWhite(color) : 0;
  const enough = ratio >= minBrandContrast;
  return (
    <div className="space-y-1.5">
      <label htmlFor="brand-color" className="block text-sm font-medium text-ink">
        Accent colour
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="brand-color"
          name="brandColor"
          type="color"
          value={valid ? color : "#0b7a4b"}
          onChange={(event) => setColor(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="brand-color-hint brand-color-contrast"
          className="h-11 w-16 cursor-pointer rounded-lg border border-line bg-surface p-1"
        />
        <span className="font-mono text-sm text-ink">{color}</span>
        <span
          aria-hidden="true"
          className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-white"
          style={{ background: color }}
        >
          Add to cart
        </span>
      </div>
      <p id="brand-color-hint" className="text-sm text-ink-muted">
        Your buttons and badges, always with white text: it needs a contrast of at least{" "}
        {minBrandContrast}:1 to stay readable.
      </p>
      <p
        id="brand-color-contrast"
        aria-live="polite"
        className={enough ? "text-sm text-brand-strong" : "text-sm font-medium text-danger"}
      >
        {valid
          ? `Contrast with white text: ${formatContrast(ratio)}${enough ? " — readable" : " — too light, choose a darker colour"}`
          : null}
      </p>
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}
