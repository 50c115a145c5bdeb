import { Archive, ArchiveRestore, ArrowLeft, ExternalLink } from "lucide-react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import {
  maxProductFormBytes,
  requireCatalogueManager,
  submitProductForm,
  tooLarge,
} from "#app/console/catalogue/guard.server.ts";
import { ProductForm } from "#app/console/catalogue/product-form.tsx";
import { findConsoleProduct, setArchived } from "#app/console/catalogue/products.server.ts";
import { ProductStatusBadge } from "#app/console/catalogue/status-badge.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { kobo, koboToNairaText } from "#app/money.ts";
import type { Route } from "./+types/vendor-product";

/**
 * /vendor/{business}/products/{productId}: edit one product, archive it or restore it.
 * Another business's product id is a 404, as is any id for staff (decision 017).
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.product.name ?? "Product"} · Console · Oja` }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const product = await findConsoleProduct(services(context).db, business.id, params.productId);
  if (!product) throw notFound(new URL(request.url));
  return {
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      status: product.status,
      updatedAt: product.updatedAt.toISOString(),
    },
    defaults: {
      name: product.name,
      slug: product.slug,
      description: product.description,
      price: koboToNairaText(kobo(product.priceKobo)),
      compareAt: product.compareAtKobo === null ? "" : koboToNairaText(kobo(product.compareAtKobo)),
      sizes: product.sizes.join(", "),
      stock: String(product.stock),
      tags: product.tags.join(", "),
      status: product.status === "active" ? ("active" as const) : ("draft" as const),
      images: product.images,
    },
  };
}

interface ActionResult {
  errors?: FieldErrors;
  done?: string;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor } = await requireCatalogueManager(context, request, params.business);
  if (tooLarge(request, maxProductFormBytes)) {
    return data<ActionResult>(
      { errors: { images: "Those pictures are too large together. Add fewer at a time." } },
      { status: 413 },
    );
  }
  const form = await request.formData();
  const { db } = services(context);
  switch (form.get("intent")) {
    case "archive":
    case "restore": {
      const archive = form.get("intent") === "archive";
      if (!(await setArchived(db, actor, params.productId, archive))) {
        throw notFound(new URL(request.url));
      }
      return data<ActionResult>({
        done: archive
          ? "Archived. Shoppers no longer see this product."
          : "Restored as a draft. Make it active to sell it again.",
      });
    }
    case "save": {
      const result = await submitProductForm(context, actor, form, params.productId);
      if (result.ok) return data<ActionResult>({ done: "Saved." });
      if (result.status === 404) throw notFound(new URL(request.url));
      return data<ActionResult>({ errors: result.errors }, { status: result.status });
    }
    default:
      return data<ActionResult>(
        { errors: { form: "This page doesn't know that action. Reload it and try again." } },
        { status: 400 },
      );
  }
}

export default function VendorProduct({ loaderData, actionData, params }: Route.ComponentProps) {
  const { product, defaults } = loaderData;
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const pendingIntent = navigation.formData?.get("intent");
  const archived = product.status === "archived";
  const notice =
    actionData?.done ?? (search.get("notice") === "created" ? "Product created." : undefined);
  return (
    <section aria-labelledby="product-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/products`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Products
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <h1 id="product-heading" className="truncate text-xl font-semibold text-ink">
            {product.name}
          </h1>
          <ProductStatusBadge status={product.status} />
        </div>
        <div className="flex flex-wrap gap-2">
          {product.status === "active" ? (
            <a
              href={`/${params.business}/products/${product.slug}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-1.5 px-2 text-sm font-medium text-brand-strong hover:underline"
            >
              View in shop <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value={archived ? "restore" : "archive"} />
            <Button
              type="submit"
              variant="secondary"
              disabled={pendingIntent !== undefined && pendingIntent !== null}
            >
              {archived ? (
                <>
                  <ArchiveRestore aria-hidden="true" className="size-4" />
                  {pendingIntent === "restore" ? "Restoring…" : "Restore"}
                </>
              ) : (
                <>
                  <Archive aria-hidden="true" className="size-4" />
                  {pendingIntent === "archive" ? "Archiving…" : "Archive"}
                </>
              )}
            </Button>
          </Form>
        </div>
      </div>
      {notice && !actionData?.errors ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {archived ? (
        <FormMessage tone="error">
          This product is archived: shoppers, search and your collections no longer show it. Restore
          it to change it or sell it again.
        </FormMessage>
      ) : null}
      <ProductForm
        // A save or restore reloads the product: start the form again from what was saved.
        key={`${product.updatedAt}-${product.status}`}
        businessSlug={params.business}
        defaults={defaults}
        errors={actionData?.errors ?? {}}
        isNew={false}
        disabled={archived}
        submitLabel="Save changes"
      />
    </section>
  );
}
