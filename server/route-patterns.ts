import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a request's path answers to (`/:id/products/:product`), for the metrics'
 * `route` label: one series per screen whatever the ids, and none per path a stranger makes up.
 * The build's routes are a flat record; React Router's matcher wants the tree. Matching ranks
 * every branch on each call, so answers are remembered per path, in a bounded map (the hot paths
 * of a busy site are few; a flood of made-up paths empties it now and then).
 */
export function routePatterns(routes: ServerBuild["routes"], remember = 10_000) {
  const children = new Map<string | undefined, RouteObject[]>();
  const byId = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object: RouteObject = route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] };
    byId.set(route.id, object);
    const siblings = children.get(route.parentId) ?? [];
    children.set(route.parentId, [...siblings, object]);
  }
  for (const [parentId, list] of children) {
    const parent = parentId === undefined ? undefined : byId.get(parentId);
    if (parent && !parent.index) parent.children = list;
  }
  const tree = children.get(undefined) ?? [];
  const known = new Map<string, string>();

  return function patternOf(pathname: string): string {
    const found = known.get(pathname);
    if (found !== undefined) return found;
    // React Router's payload of a page: `/_.data` is the home page's.
    const page =
      pathname === "/_.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
    const matches = matchRoutes(tree, page) ?? [];
    let pattern = "";
    for (const { route } of matches) {
      if (!route.path) continue;
      pattern = route.path.startsWith("/")
        ? route.path
        : `${pattern.replace(/\/$/, "")}/${route.path}`;
    }
    // Nothing matched, or only a catch-all: one label for every 404.
    const label = matches.length === 0 || pattern.endsWith("*") ? "unmatched" : pattern || "/";
    if (known.size >= remember) known.clear();
    known.set(pathname, label);
    return label;
  };
}
