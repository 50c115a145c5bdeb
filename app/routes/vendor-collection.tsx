import { ArrowLeft, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Multiselect } from "#app/components/ui/multiselect/multiselect.tsx";
import { CollectionFields } from "#app/console/catalogue/collection-fields.tsx";
import {
  collectionFormSchema,
  collectionFormValues,
  collectionProductsSchema,
} from "#app/console/catalogue/collection-input.ts";
import {
  deleteCollection,
  findConsoleCollection,
  updateCollection,
} from "#app/console/catalogue/collections.server.ts";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { businessProductOptions } from "#app/console/catalogue/product-options.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Route } from "./+types/vendor-collection";

/**
 * /vendor/{business}/collections/{collectionId}: rename a collection and choose its products
 * (the multiselect, in the order chosen), or delete it. Another business's collection is a 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.collection.name ?? "Collection"} · Console · Oja` }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const collection = await findConsoleCollection(
    services(context).db,
    business.id,
    params.collectionId,
  );
  if (!collection) throw notFound(new URL(request.url));
  return {
    collection: {
      id: collection.id,
      name: collection.name,
      slug: collection.slug,
      description: collection.description,
      updatedAt: collection.updatedAt.toISOString(),
      products: collection.products.map((product) => ({
        value: product.id,
        label: product.status === "active" ? product.name : `${product.name} (${product.status})`,
      })),
    },
  };
}

interface ActionResult {
  errors?: FieldErrors;
  done?: string;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    if (!(await deleteCollection(db, actor, params.collectionId))) {
      throw notFound(new URL(request.url));
    }
    throw redirect(`/vendor/${business.slug}/collections`);
  }
  const parsed = collectionFormSchema.safeParse(collectionFormValues(form));
  const chosen = collectionProductsSchema.safeParse(form.getAll("product"));
  if (!parsed.success || !chosen.success) {
    const errors = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(chosen.success ? {} : { products: chosen.error.issues[0]?.message }),
    };
    return data<ActionResult>({ errors }, { status: 400 });
  }
  const result = await updateCollection(db, actor, params.collectionId, parsed.data, chosen.data);
  if (!result.ok) {
    if (result.status === 404) throw notFound(new URL(request.url));
    return data<ActionResult>({ errors: result.errors }, { status: result.status });
  }
  return data<ActionResult>({ done: "Saved." });
}

export default function VendorCollection({ loaderData, actionData, params }: Route.ComponentProps) {
  const { collection } = loaderData;
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const notice =
    actionData?.done ??
    (search.get("notice") === "created" ? "Collection created. Now choose its products." : null);
  // The HTTP client loads with the first list of options (the box opened or typed in), not
  // with the page (decision 015).
  const loadProducts = businessProductOptions(params.business);
  return (
    <section aria-labelledby="collection-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/collections`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Collections
      </Link>
      <h1 id="collection-heading" className="text-xl font-semibold text-ink">
        {collection.name}
      </h1>
      {notice && !actionData?.errors ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <Form
        method="post"
        noValidate
        key={collection.updatedAt}
        className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-5"
      >
        <CollectionFields
          defaults={collection}
          errors={errors}
          slugLabel="Slug"
          slugHint={`Its address: /b/${params.business}/collection/${collection.slug}`}
        />
        <Multiselect
          label="Products, in the order shown"
          name="product"
          placeholder="Search your products"
          loadOptions={loadProducts}
          defaultValue={collection.products}
          error={errors.products}
        />
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {saving ? "Saving…" : "Save collection"}
        </Button>
      </Form>
      <Form
        method="post"
        onSubmit={(event) => {
          if (
            !window.confirm(`Delete “${collection.name}”? Its products stay in your catalogue.`)
          ) {
            event.preventDefault();
          }
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="secondary" disabled={saving}>
          <Trash2 aria-hidden="true" className="size-4 text-danger" /> Delete collection
        </Button>
      </Form>
    </section>
  );
}
