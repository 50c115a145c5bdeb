import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget of issue 17 (decision 015): before a page is interactive the browser
 * runs the framework (React, React DOM and React Router: one file, `framework-*.js`) plus at
 * most `ownBytes` of Oja's own code (everything else: our modules, the small libraries they
 * import, Rolldown's runtime), gzipped at level 9, in at most `files` script files.
 */
export const jsBudget = { ownBytes: 20 * 1024, files: 8 } as const;

/** How the framework chunk is named (vite.config.ts, `codeSplitting.groups`). */
export const isFrameworkFile = (url: string) => /\/framework-[\w-]+\.js$/.test(url);

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
}
interface RouteManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface RouteScripts {
  /** The leaf route's id (e.g. "routes/home"). */
  route: string;
  /** The route's full path pattern, for reading ("/:id/products/:product"). */
  path: string;
  /** Every script file a page of this route loads before hydrating, as URLs ("/assets/…"). */
  files: string[];
  frameworkGzip: number;
  ownGzip: number;
}

/**
 * React Router's manifest of a client build (`build/client/assets/manifest-*.js`, the same data
 * the HTML inlines as `window.__reactRouterManifest`).
 */
export function readRouteManifest(clientDir: string): RouteManifest {
  const assets = path.join(clientDir, "assets");
  const names = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (names.length !== 1) {
    throw new Error(`expected one manifest-*.js in ${assets}, found ${names.length}`);
  }
  const source = readFileSync(path.join(assets, names[0] as string), "utf8");
  const json = source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as RouteManifest;
}

/**
 * For every route of the build that renders a page, the script files its server-rendered HTML
 * makes the browser load before hydrating: the client entry and, for the root, each layout and
 * the route itself, the module and its static imports (what `<Scripts>` modulepreloads and
 * imports). Dynamic imports are not in the manifest's lists, so code behind `import()` doesn't
 * count, which is the point. Sizes are each file gzipped at level 9, once per file.
 */
export function routeScripts(clientDir: string): RouteScripts[] {
  const manifest = readRouteManifest(clientDir);
  const gzipCache = new Map<string, number>();
  const gzipSize = (url: string) => {
    let size = gzipCache.get(url);
    if (size === undefined) {
      const body = readFileSync(path.join(clientDir, url.replace(/^\//, "")));
      size = gzipSync(body, { level: 9 }).length;
      gzipCache.set(url, size);
    }
    return size;
  };
  const chain = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chain(parent), route] : [route];
  };
  const parents = new Set(
    Object.values(manifest.routes).flatMap((route) => (route.parentId ? [route.parentId] : [])),
  );
  const leaves = Object.values(manifest.routes).filter((route) => {
    // A parent route alone renders no page (a layout, /vendor/:business): its index child does.
    if (parents.has(route.id)) return false;
    // Resource routes (robots.txt, /api/…) have no component and answer without a page.
    return route.hasDefaultExport;
  });
  return leaves.map((route) => {
    const routes = chain(route);
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (const each of routes) {
      files.add(each.module);
      for (const file of each.imports ?? []) files.add(file);
    }
    const list = [...files];
    const frameworkGzip = list.filter(isFrameworkFile).reduce((sum, url) => sum + gzipSize(url), 0);
    const ownGzip = list
      .filter((url) => !isFrameworkFile(url))
      .reduce((sum, url) => sum + gzipSize(url), 0);
    const fullPath = routes
      .map((each) => each.path ?? "")
      .filter(Boolean)
      .join("/")
      .replace(/\/+/g, "/");
    return {
      route: route.id,
      path: route.index ? fullPath || "/" : fullPath,
      files: list,
      frameworkGzip,
      ownGzip,
    };
  });
}
