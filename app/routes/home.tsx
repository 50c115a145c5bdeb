import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { featuredProducts, listCategories, newestBusinesses } from "#app/catalog/catalog.server.ts";
import { BusinessCard } from "#app/components/business-card.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { services } from "#app/context.server.ts";
import type { Route } from "./+types/home";

export function meta() {
  return [
    { title: "Oja · Local businesses, vouchers and rewards across Nigeria" },
    {
      name: "description",
      content:
        "Discover spas, salons, restaurants and shops near you, buy from several businesses in one cart, and earn points everywhere.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [categories, products, businesses] = await Promise.all([
    listCategories(db),
    featuredProducts(db, 12),
    newestBusinesses(db, 8),
  ]);
  return {
    categories,
    products,
    businesses,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, products, businesses } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="py-8 sm:py-12">
        <h1 className="max-w-2xl text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          The best of your city, in one cart.
        </h1>
        <p className="mt-3 max-w-xl text-lg text-ink-muted">
          Spas, salons, restaurants and shops across Nigeria. Pay once with Paystack and earn points
          everywhere.
        </p>
        <nav aria-label="Categories" className="mt-6 flex flex-wrap gap-2">
          {categories.map((category) => (
            <Link
              key={category.id}
              to={`/shop/${category.slug}`}
              className="rounded-full border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:border-brand hover:text-brand"
            >
              {category.name}
            </Link>
          ))}
        </nav>
      </section>

      <section aria-labelledby="popular-title">
        <div className="flex items-baseline justify-between">
          <h2 id="popular-title" className="text-xl font-bold text-ink">
            Popular right now
          </h2>
          <Link
            to="/ll"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
          >
            See the latest <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {products.length === 0 ? (
          <p className="mt-4 rounded-card bg-surface p-6 text-ink-muted">
            No products yet. Businesses are setting up their shops; check back soon.
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="new-title" className="mt-12">
        <h2 id="new-title" className="text-xl font-bold text-ink">
          New on Oja
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {businesses.map((business) => (
            <li key={business.id}>
              <BusinessCard business={business} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
