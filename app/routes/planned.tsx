import { findBusinessBySlug } from "#app/catalog/catalog.server.ts";
import { PlannedScreen } from "#app/components/planned-screen.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { findPlannedScreen } from "#app/screens.ts";
import type { Route } from "./+types/planned";

/** Serves every route of app/screens.ts, the screens later issues build. */
export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: `${loaderData.screen.title} · Oja` }] : [];
}

export async function loader({ pattern, params, url, context }: Route.LoaderArgs) {
  const screen = findPlannedScreen(pattern);
  if (!screen) throw notFound(url);
  const slug = screen.businessParam
    ? (params as Record<string, string | undefined>)[screen.businessParam]
    : undefined;
  if (!slug) return { screen, business: null };
  const business = await findBusinessBySlug(services(context).db, slug);
  if (!business) throw notFound(url);
  return { screen, business: { name: business.name } };
}

export default function Planned({ loaderData }: Route.ComponentProps) {
  return <PlannedScreen screen={loaderData.screen} context={loaderData.business?.name} />;
}
