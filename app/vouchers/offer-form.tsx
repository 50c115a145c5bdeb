import { useState } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import {
  Field,
  FieldError,
  FormMessage,
  SelectField,
  TextAreaField,
} from "#app/components/ui/field.tsx";
import { PicturesAndSave, type UploadedPicture } from "#app/console/catalogue/picture-uploader.tsx";
import { type OfferStatus, offerLimits } from "./offer-limits.ts";

/** What the form shows at first: an offer's saved values, or the defaults of a new one. */
export interface OfferFormDefaults {
  title: string;
  description: string;
  value: string;
  price: string;
  validity: "days" | "date";
  validDays: string;
  validUntil: string;
  totalQuantity: string;
  perShopperLimit: string;
  finePrint: string;
  status: OfferStatus;
  images: UploadedPicture[];
}

export const newOfferDefaults: OfferFormDefaults = {
  title: "",
  description: "",
  value: "",
  price: "",
  validity: "days",
  validDays: "90",
  validUntil: "",
  totalQuantity: "",
  perShopperLimit: "",
  finePrint: "",
  status: "active",
  images: [],
};

const statusOptions = [
  { value: "active", label: "Active: on sale now" },
  { value: "paused", label: "Paused: not on sale for now" },
  { value: "ended", label: "Ended: no longer sold" },
];

/**
 * The voucher offer form of the console (issue 19), for a new offer and for editing one: the same
 * fields and server rules (offer-input.ts). The validity is a choice of two, each with its own
 * field, so it works without JavaScript. Posts multipart, like the product form, so pictures
 * chosen without JavaScript travel with it.
 */
export function OfferForm({
  businessSlug,
  defaults,
  errors,
  soldCount,
  submitLabel,
}: {
  businessSlug: string;
  defaults: OfferFormDefaults;
  errors: FieldErrors;
  /** Vouchers sold so far (an existing offer): the quantity can't go below it. */
  soldCount?: number;
  submitLabel: string;
}) {
  const [title, setTitle] = useState(defaults.title);
  const [validity, setValidity] = useState(defaults.validity);
  const validityError = errors.validity ?? errors.validDays ?? errors.validUntil;

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:p-5">
        <Field
          label="Title"
          name="title"
          required
          maxLength={offerLimits.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Full-day spa treat for one"
          error={errors.title}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          rows={4}
          maxLength={offerLimits.description}
          defaultValue={defaults.description}
          hint="What the voucher buys, in a few lines."
          error={errors.description}
        />
      </div>
      <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 sm:p-5">
        <Field
          label="Value (₦)"
          name="value"
          inputMode="decimal"
          required
          placeholder="25000"
          hint="What the voucher is worth at your business."
          defaultValue={defaults.value}
          error={errors.value}
        />
        <Field
          label="Price (₦)"
          name="price"
          inputMode="decimal"
          required
          placeholder="18000"
          hint="What shoppers pay. Below the value: the difference is their saving."
          defaultValue={defaults.price}
          error={errors.price}
        />
        <Field
          label="Quantity on sale (optional)"
          name="totalQuantity"
          inputMode="numeric"
          defaultValue={defaults.totalQuantity}
          hint={
            soldCount
              ? `Empty for no limit. ${soldCount} sold so far: it can't go below that.`
              : "Empty for no limit."
          }
          error={errors.totalQuantity}
        />
        <Field
          label="Limit per shopper (optional)"
          name="perShopperLimit"
          inputMode="numeric"
          defaultValue={defaults.perShopperLimit}
          hint={`Empty for no limit; at most ${offerLimits.maxPerShopper}.`}
          error={errors.perShopperLimit}
        />
        <fieldset
          className="space-y-3 sm:col-span-2"
          aria-describedby={validityError ? "offer-validity-error" : "offer-validity-hint"}
        >
          <legend className="text-sm font-medium text-ink">Valid</legend>
          <p id="offer-validity-hint" className="text-sm text-ink-muted">
            After that the saving is lost, but what the shopper paid stays as credit at your
            business.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="radio"
              id="offer-validity-days"
              aria-label="Valid for a number of days after purchase"
              name="validity"
              value="days"
              checked={validity === "days"}
              onChange={() => setValidity("days")}
              className="size-5 accent-brand"
            />
            <label htmlFor="offer-validity-days" className="text-sm text-ink">
              For
            </label>
            <input
              aria-label="Days valid after purchase"
              name="validDays"
              inputMode="numeric"
              defaultValue={defaults.validDays}
              onFocus={() => setValidity("days")}
              aria-invalid={errors.validDays ? true : undefined}
              className="min-h-11 w-24 rounded-lg border border-line bg-surface px-3 text-base text-ink aria-[invalid=true]:border-danger"
            />
            <span className="text-sm text-ink">days after purchase</span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="radio"
              id="offer-validity-date"
              aria-label="Valid until a fixed day"
              name="validity"
              value="date"
              checked={validity === "date"}
              onChange={() => setValidity("date")}
              className="size-5 accent-brand"
            />
            <label htmlFor="offer-validity-date" className="text-sm text-ink">
              Until the end of
            </label>
            <input
              aria-label="Last day valid"
              type="date"
              name="validUntil"
              defaultValue={defaults.validUntil}
              onFocus={() => setValidity("date")}
              aria-invalid={errors.validUntil ? true : undefined}
              className="min-h-11 rounded-lg border border-line bg-surface px-3 text-base text-ink aria-[invalid=true]:border-danger"
            />
          </div>
          {validityError ? (
            <FieldError id="offer-validity-error">{validityError}</FieldError>
          ) : null}
        </fieldset>
        <SelectField
          label="Status"
          name="status"
          defaultValue={defaults.status}
          options={statusOptions}
          error={errors.status}
        />
      </div>
      <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:p-5">
        <TextAreaField
          label="Fine print (optional)"
          name="finePrint"
          rows={4}
          maxLength={offerLimits.finePrint}
          defaultValue={defaults.finePrint}
          hint="Booking needed, days it can't be used, one per visit…"
          error={errors.finePrint}
        />
      </div>
      <PicturesAndSave
        uploadUrl={`/vendor/${businessSlug}/products/images`}
        most={offerLimits.images}
        initial={defaults.images}
        altText={title}
        error={errors.images}
        submitLabel={submitLabel}
      />
    </Form>
  );
}
