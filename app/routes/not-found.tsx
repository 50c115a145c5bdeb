import { notFound } from "#app/errors.ts";
import type { Route } from "./+types/not-found";

/** The catch-all: any path that matches no route answers 404 "Page not found: {path}". */
export function loader({ url }: Route.LoaderArgs) {
  throw notFound(url);
}

export function action({ url }: Route.ActionArgs) {
  throw notFound(url);
}

export default function NotFound() {
  return null; // never rendered: the loader always throws to the layout's error boundary
}
