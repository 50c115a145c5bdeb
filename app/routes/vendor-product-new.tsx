import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import {
  maxProductFormBytes,
  requireCatalogueManager,
  submitProductForm,
  tooLarge,
} from "#app/console/catalogue/guard.server.ts";
import { emptyProduct, ProductForm } from "#app/console/catalogue/product-form.tsx";
import type { Route } from "./+types/vendor-product-new";

/** /vendor/{business}/products/new: a new product (managers and owners). */
export function meta() {
  return [{ title: "New product · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireCatalogueManager(context, request, params.business);
  return null;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  if (tooLarge(request, maxProductFormBytes)) {
    return data<{ errors: FieldErrors }>(
      { errors: { images: "Those pictures are too large together. Add fewer at a time." } },
      { status: 413 },
    );
  }
  const result = await submitProductForm(context, actor, await request.formData(), null);
  if (!result.ok)
    return data<{ errors: FieldErrors }>({ errors: result.errors }, { status: result.status });
  throw redirect(`/vendor/${business.slug}/products/${result.productId}?notice=created`);
}

export default function VendorProductNew({ params, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-product-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/products`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Products
      </Link>
      <h1 id="new-product-heading" className="text-xl font-semibold text-ink">
        New product
      </h1>
      <ProductForm
        businessSlug={params.business}
        defaults={emptyProduct}
        errors={actionData?.errors ?? {}}
        isNew
        submitLabel="Create product"
      />
    </section>
  );
}
