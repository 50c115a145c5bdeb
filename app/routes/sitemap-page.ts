import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { buildSitemapFile, parseSitemapName, sitemapHeaders } from "#app/seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap-page";

/**
 * /sitemaps/{name}: one file of the sitemap index, such as `pages.xml` or `businesses-2.xml`.
 * Any other name, or a file past the last one, answers 404.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const file = parseSitemapName(params.name);
  if (!file) throw notFound(url);
  const { db, settings } = services(context);
  const xml = await buildSitemapFile(db, file, { publicUrl: settings.publicUrl });
  if (xml === undefined) throw notFound(url);
  return new Response(xml, { headers: sitemapHeaders });
}
