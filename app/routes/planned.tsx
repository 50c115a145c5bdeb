import { PlannedScreen } from "#app/components/planned-screen.tsx";
import { notFound } from "#app/errors.ts";
import { findPlannedScreen } from "#app/screens.ts";
import type { Route } from "./+types/planned";

/** Serves every route of app/screens.ts, the screens later issues build. */
export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: `${loaderData.screen.title} · Oja` }] : [];
}

export function loader({ pattern, url }: Route.LoaderArgs) {
  const screen = findPlannedScreen(pattern);
  if (!screen) throw notFound(url);
  return { screen };
}

export default function Planned({ loaderData }: Route.ComponentProps) {
  return <PlannedScreen screen={loaderData.screen} />;
}
