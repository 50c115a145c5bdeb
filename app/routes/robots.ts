import { services } from "#app/context.server.ts";
import type { Route } from "./+types/robots";

/**
 * /robots.txt: crawlers may read every public page; the personal, selling, admin and paying
 * areas, the sign-in steps (their links carry tokens), the test-mode pages and the API are
 * theirs to skip. Served in test mode as well: it only asks crawlers to keep out.
 *
 * A bare `Disallow: /profile` would also match a business at /profile-studio (rules are path
 * prefixes), so an area without a trailing slash is closed as itself (`$`, RFC 9309), with any query
 * (`?`) and its subpaths (`/`). Paths are in the spec's spelling, which is how Oja's links write them.
 */
const closedAreas = ["/profile", "/vendor", "/admin", "/checkout", "/cart", "/logout"];
const closedPrefixes = ["/dev/", "/Login/", "/CreateAccount/", "/api/"];

export function robotsTxt(publicUrl: string): string {
  const rules = [
    ...closedAreas.flatMap((path) => [
      `Disallow: ${path}$`,
      `Disallow: ${path}?`,
      `Disallow: ${path}/`,
    ]),
    ...closedPrefixes.map((path) => `Disallow: ${path}`),
  ];
  const origin = publicUrl.replace(/\/+$/, "");
  return ["User-agent: *", "Allow: /", ...rules, "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = services(context);
  return new Response(robotsTxt(settings.publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
