import { services } from "#app/context.server.ts";
import { buildSitemapIndex, sitemapHeaders } from "#app/seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap-index";

/** /sitemap.xml: the index of the sitemap files at /sitemaps/{name} (see sitemap.server.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = services(context);
  const xml = await buildSitemapIndex(db, { publicUrl: settings.publicUrl });
  return new Response(xml, { headers: sitemapHeaders });
}
