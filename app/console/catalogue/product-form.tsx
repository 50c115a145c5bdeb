import { useState } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { slugify } from "#app/catalog/slugify.ts";
import { Field, FormMessage, SelectField, TextAreaField } from "#app/components/ui/field.tsx";
import { PicturesAndSave, type UploadedPicture } from "./picture-uploader.tsx";
import { productLimits } from "./product-limits.ts";

/** What the form shows at first: a product's saved values, or empty for a new one. */
export interface ProductFormDefaults {
  name: string;
  slug: string;
  description: string;
  price: string;
  compareAt: string;
  sizes: string;
  stock: string;
  tags: string;
  status: "draft" | "active";
  images: UploadedPicture[];
}

export const emptyProduct: ProductFormDefaults = {
  name: "",
  slug: "",
  description: "",
  price: "",
  compareAt: "",
  sizes: "",
  stock: "0",
  tags: "",
  status: "draft",
  images: [],
};

/**
 * The product form of the console, for a new product and for editing one: the same fields, the
 * same server rules (product-input.ts). Posts multipart so that, without JavaScript, chosen
 * pictures travel with it; with JavaScript they are uploaded as soon as they are chosen.
 */
export function ProductForm({
  businessSlug,
  defaults,
  errors,
  isNew,
  disabled = false,
  submitLabel,
}: {
  businessSlug: string;
  defaults: ProductFormDefaults;
  errors: FieldErrors;
  isNew: boolean;
  disabled?: boolean;
  submitLabel: string;
}) {
  const [name, setName] = useState(defaults.name);
  const [slug, setSlug] = useState(defaults.slug);
  // A new product's slug follows its name until someone types a slug of their own.
  const [slugTouched, setSlugTouched] = useState(!isNew);

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <fieldset disabled={disabled} className="space-y-6">
        <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:p-5">
          <Field
            label="Name"
            name="name"
            required
            maxLength={productLimits.name}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (!slugTouched) setSlug(slugify(event.target.value).slice(0, productLimits.slug));
            }}
            error={errors.name}
          />
          <Field
            label="Slug"
            name="slug"
            maxLength={productLimits.slug}
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value);
              setSlugTouched(true);
            }}
            hint={
              <>
                The product's address: /{businessSlug}/products/
                <strong className="font-semibold text-ink">{slug || "…"}</strong>. Left empty, it is
                made from the name.
              </>
            }
            error={errors.slug}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextAreaField
            label="Description"
            name="description"
            rows={5}
            maxLength={productLimits.description}
            defaultValue={defaults.description}
            error={errors.description}
          />
        </div>
        <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 sm:p-5">
          <Field
            label="Price (₦)"
            name="price"
            inputMode="decimal"
            required
            placeholder="12500.00"
            defaultValue={defaults.price}
            error={errors.price}
          />
          <Field
            label="Compare-at price (₦, optional)"
            name="compareAt"
            inputMode="decimal"
            placeholder="15000.00"
            hint="The old price, shown crossed out. Must be above the price."
            defaultValue={defaults.compareAt}
            error={errors.compareAt}
          />
          <Field
            label="Stock"
            name="stock"
            inputMode="numeric"
            defaultValue={defaults.stock}
            hint="Units you can sell. At 0 shoppers see “Sold out”."
            error={errors.stock}
          />
          <SelectField
            label="Status"
            name="status"
            defaultValue={defaults.status}
            options={[
              { value: "draft", label: "Draft: only your team sees it" },
              { value: "active", label: "Active: on sale in your shop" },
            ]}
            error={errors.status}
          />
          <Field
            label="Sizes (optional)"
            name="sizes"
            defaultValue={defaults.sizes}
            placeholder="S, M, L"
            hint="Separate with commas. Leave empty for one size."
            error={errors.sizes}
          />
          <Field
            label="Tags (optional)"
            name="tags"
            defaultValue={defaults.tags}
            placeholder="ankara, gift-idea"
            hint="Separate with commas. Search finds products by their tags."
            error={errors.tags}
            autoCapitalize="none"
          />
        </div>
        <PicturesAndSave
          uploadUrl={`/vendor/${businessSlug}/products/images`}
          most={productLimits.images}
          initial={defaults.images}
          altText={name}
          error={errors.images}
          submitLabel={submitLabel}
        />
      </fieldset>
    </Form>
  );
}
