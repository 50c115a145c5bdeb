import { clsx } from "clsx";
import { Download, PackagePlus, Search, Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, SelectField } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { listConsoleProducts, readStatusFilter } from "#app/console/catalogue/products.server.ts";
import { ProductStatusBadge } from "#app/console/catalogue/status-badge.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import type { Route } from "./+types/vendor-products";

/**
 * /vendor/{business}/products: the business's products, every status, newest first; search by
 * name or slug and filter by status (a GET form, so it works without JavaScript and every view
 * has its address); keyset paged. Managers and owners only.
 */
export function meta() {
  return [{ title: "Products · Console · Oja" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const status = readStatusFilter(url.searchParams.get("status"));
  try {
    const page = await listConsoleProducts(services(context).db, business.id, {
      q,
      status,
      after: url.searchParams.get("after"),
    });
    return { ...page, q, status, paged: url.searchParams.has("after") };
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

const statusOptions = [
  { value: "active", label: "Active" },
  { value: "draft", label: "Draft" },
  { value: "archived", label: "Archived" },
] as const;

export default function VendorProducts({ loaderData, params }: Route.ComponentProps) {
  const { items, nextCursor, q, status, paged } = loaderData;
  const base = `/vendor/${params.business}/products`;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === base;
  const filtered = q !== "" || status !== null;
  return (
    <section aria-labelledby="products-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="products-heading" className="text-xl font-semibold text-ink">
          Products
        </h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`${base}/new`}>
            <PackagePlus aria-hidden="true" className="size-4" /> Add product
          </ButtonLink>
          <ButtonLink to={`${base}/import`} variant="secondary">
            <Upload aria-hidden="true" className="size-4" /> Import CSV
          </ButtonLink>
          {/* A file download: the browser fetches it, not the router. */}
          <a href={`${base}/export.csv`} download className={buttonClass("secondary")}>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        </div>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Filter products"
        className="grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <Field
          label="Name or slug"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="e.g. ankara"
          maxLength={100}
        />
        <SelectField
          label="Status"
          name="status"
          placeholder="Every status"
          options={statusOptions}
          defaultValue={status ?? ""}
        />
        <Button type="submit" variant="secondary" disabled={searching}>
          <Search aria-hidden="true" className="size-4" /> {searching ? "Searching…" : "Search"}
        </Button>
      </Form>
      {items.length === 0 ? (
        filtered || paged ? (
          <EmptyState title="No products match" icon={Search}>
            Try another name, or{" "}
            <Link to={base} className="font-medium text-brand-strong underline">
              show every product
            </Link>
            .
          </EmptyState>
        ) : (
          <EmptyState
            title="No products yet"
            icon={PackagePlus}
            action={<ButtonLink to={`${base}/new`}>Add your first product</ButtonLink>}
          >
            Add products one by one, or import many at once from a CSV file.
          </EmptyState>
        )
      ) : (
        <ul
          aria-label="Products"
          className={clsx(
            "divide-y divide-line overflow-hidden rounded-card border border-line bg-surface",
            searching && "opacity-60",
          )}
        >
          {items.map((product) => (
            <li key={product.id}>
              <Link
                to={`${base}/${product.id}`}
                className="flex items-center gap-3 p-3 hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-focus sm:gap-4"
              >
                <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-surface-sunken">
                  {product.image ? (
                    <img
                      src={product.image.url}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : null}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{product.name}</p>
                  <p className="truncate text-sm text-ink-muted">/{product.slug}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 text-sm sm:flex-row sm:items-center sm:gap-6">
                  <Money kobo={product.priceKobo} className="font-semibold text-ink" />
                  <span
                    className={clsx(
                      "sm:w-20 sm:text-right",
                      product.stock === 0 ? "text-danger" : "text-ink-muted",
                    )}
                  >
                    {product.stock === 0 ? "Sold out" : `${product.stock} in stock`}
                  </span>
                  <ProductStatusBadge status={product.status} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NextPageLink cursor={nextCursor} label="More products" />
    </section>
  );
}
