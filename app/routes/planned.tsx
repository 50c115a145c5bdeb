import { findBusinessBySlug, findProductBySlug, mediaUrl } from "#app/catalog/catalog.server.ts";
import { PlannedScreen } from "#app/components/planned-screen.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Brand } from "#app/layouts/custom.tsx";
import { findPlannedScreen } from "#app/screens.ts";
import type { Route } from "./+types/planned";

/** Serves every route of app/screens.ts, the screens later issues build. */
export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: `${loaderData.screen.title} · Oja` }] : [];
}

export async function loader({ pattern, params, url, context }: Route.LoaderArgs) {
  const screen = findPlannedScreen(pattern);
  const values = params as Record<string, string | undefined>;
  const allowed = Object.entries(screen?.allowed ?? {}).every(([name, options]) =>
    options.includes(values[name]?.toLowerCase() ?? ""),
  );
  if (!screen || !allowed) throw notFound(url);
  const slug = screen.businessParam ? values[screen.businessParam] : undefined;
  if (!slug) return { screen, business: null, brand: null };
  const { db } = services(context);
  const business = await findBusinessBySlug(db, slug);
  if (!business) throw notFound(url);
  const productSlug = screen.productParam ? values[screen.productParam] : undefined;
  if (productSlug !== undefined && !(await findProductBySlug(db, business.id, productSlug))) {
    throw notFound(url);
  }
  const brand: Brand = {
    name: business.name,
    slug: business.slug,
    color: business.brandColor,
    logoUrl: business.logoPath ? mediaUrl(business.logoPath) : null,
  };
  return { screen, business: { name: business.name }, brand };
}

export default function Planned({ loaderData }: Route.ComponentProps) {
  return <PlannedScreen screen={loaderData.screen} context={loaderData.business?.name} />;
}
