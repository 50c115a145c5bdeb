import { ArrowDown, ArrowUp, FolderPlus, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { CollectionFields } from "#app/console/catalogue/collection-fields.tsx";
import {
  collectionFormSchema,
  collectionFormValues,
} from "#app/console/catalogue/collection-input.ts";
import {
  createCollection,
  deleteCollection,
  listConsoleCollections,
  moveCollection,
} from "#app/console/catalogue/collections.server.ts";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Route } from "./+types/vendor-collections";

/**
 * /vendor/{business}/collections: the business's collections in the storefront's order. Make
 * one, move it up or down, delete it; each opens to rename it and choose its products.
 * Managers and owners only.
 */
export function meta() {
  return [{ title: "Collections · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  return { collections: await listConsoleCollections(services(context).db, business.id) };
}

interface ActionResult {
  intent: string;
  errors?: FieldErrors;
  done?: string;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const collectionId = String(form.get("collectionId") ?? "");
  switch (intent) {
    case "create": {
      const parsed = collectionFormSchema.safeParse(collectionFormValues(form));
      if (!parsed.success) {
        return data<ActionResult>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
      }
      const result = await createCollection(db, actor, parsed.data);
      if (!result.ok) return data<ActionResult>({ intent, errors: result.errors }, { status: 400 });
      throw redirect(`/vendor/${business.slug}/collections/${result.collectionId}?notice=created`);
    }
    case "move-up":
    case "move-down": {
      const moved = await moveCollection(db, actor, collectionId, intent === "move-up" ? -1 : 1);
      if (!moved) throw notFound(new URL(request.url));
      return data<ActionResult>({ intent, done: "Order saved." });
    }
    case "delete": {
      if (!(await deleteCollection(db, actor, collectionId))) throw notFound(new URL(request.url));
      return data<ActionResult>({ intent, done: "Collection deleted." });
    }
    default:
      return data<ActionResult>(
        {
          intent,
          errors: { form: "This page doesn't know that action. Reload it and try again." },
        },
        { status: 400 },
      );
  }
}

export default function VendorCollections({ loaderData, params }: Route.ComponentProps) {
  const { collections } = loaderData;
  const base = `/vendor/${params.business}/collections`;
  return (
    <section aria-labelledby="collections-heading" className="space-y-6">
      <div>
        <h1 id="collections-heading" className="text-xl font-semibold text-ink">
          Collections
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          Groups of products on your storefront, in this order. A collection shows once it has an
          active product.
        </p>
      </div>
      {collections.length === 0 ? (
        <EmptyState title="No collections yet" icon={FolderPlus}>
          Make one below, such as “New arrivals” or “Gift ideas”, then choose its products.
        </EmptyState>
      ) : (
        <ol
          aria-label="Collections in storefront order"
          className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
        >
          {collections.map((collection, index) => (
            <CollectionRow
              key={collection.id}
              collection={collection}
              href={`${base}/${collection.id}`}
              first={index === 0}
              last={index === collections.length - 1}
            />
          ))}
        </ol>
      )}
      <NewCollectionForm />
    </section>
  );
}

function CollectionRow({
  collection,
  href,
  first,
  last,
}: {
  collection: Route.ComponentProps["loaderData"]["collections"][number];
  href: string;
  first: boolean;
  last: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const label = collection.name;
  return (
    <li
      className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
      aria-busy={busy || undefined}
    >
      <div className="min-w-0 flex-1">
        <Link to={href} className="font-medium text-ink hover:underline">
          {collection.name}
        </Link>
        <p className="text-sm text-ink-muted">
          /{collection.slug} · {collection.products}{" "}
          {collection.products === 1 ? "product" : "products"}
        </p>
      </div>
      <fetcher.Form method="post" className="flex items-center gap-1">
        <input type="hidden" name="collectionId" value={collection.id} />
        <Button
          type="submit"
          name="intent"
          value="move-up"
          variant="ghost"
          size="sm"
          aria-label={`Move ${label} up`}
          disabled={first || busy}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button
          type="submit"
          name="intent"
          value="move-down"
          variant="ghost"
          size="sm"
          aria-label={`Move ${label} down`}
          disabled={last || busy}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Link
          to={href}
          aria-label={`Edit ${label}`}
          className="inline-flex min-h-9 items-center rounded-lg px-3 text-ink hover:bg-surface-sunken"
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Link>
        <Button
          type="submit"
          name="intent"
          value="delete"
          variant="ghost"
          size="sm"
          aria-label={`Delete ${label}`}
          disabled={busy}
          onClick={(event) => {
            if (!window.confirm(`Delete “${label}”? Its products stay in your catalogue.`)) {
              event.preventDefault();
            }
          }}
        >
          <Trash2 aria-hidden="true" className="size-4 text-danger" />
        </Button>
      </fetcher.Form>
    </li>
  );
}

function NewCollectionForm() {
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = (fetcher.data?.intent === "create" ? fetcher.data.errors : undefined) ?? {};
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.errors) {
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="new-collection-heading"
      className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id="new-collection-heading" className="text-base font-semibold text-ink">
        New collection
      </h2>
      <input type="hidden" name="intent" value="create" />
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <CollectionFields
        errors={errors}
        slugLabel="Slug (optional)"
        slugHint="Made from the name when left empty."
      />
      <Button type="submit" disabled={busy}>
        <FolderPlus aria-hidden="true" className="size-4" />
        {busy ? "Creating…" : "Create collection"}
      </Button>
    </fetcher.Form>
  );
}
