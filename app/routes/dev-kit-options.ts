import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Route } from "./+types/dev-kit-options";

/** Options for the kit's multiselect, loaded on demand (test mode only). Built with the multiselect. */
export function loader({ context, url }: Route.LoaderArgs) {
  if (services(context).settings.paystack.mode !== "test") throw notFound(url);
  return Response.json({ options: [], hasMore: false });
}
