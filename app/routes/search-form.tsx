import { redirect } from "react-router";
import { PlannedScreen } from "#app/components/planned-screen.tsx";
import { SearchBox } from "#app/components/search-box.tsx";
import { plannedScreens } from "#app/screens.ts";
import type { Route } from "./+types/search-form";

const screen = plannedScreens["/search/ff"];

export function meta() {
  return [{ title: `${screen.title} · Oja` }];
}

/** The header's search form lands here before JavaScript loads: `?q=term` → /search/term. */
export function loader({ url }: Route.LoaderArgs) {
  const term = url.searchParams.get("q")?.trim();
  if (term) throw redirect(`/search/${encodeURIComponent(term.slice(0, 100))}`);
  return null;
}

export default function SearchForm() {
  return (
    <>
      <div className="mx-auto max-w-2xl px-4 pt-10">
        <SearchBox />
      </div>
      <PlannedScreen screen={screen} />
    </>
  );
}
