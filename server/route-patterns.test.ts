import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import routeConfig from "#app/routes.ts";
import { routePatterns } from "./route-patterns.ts";

/** Oja's route table as the build lists it: flat, each route naming its parent. */
function buildRoutes(): ServerBuild["routes"] {
  const routes: Record<string, ServerBuild["routes"][string]> = {
    root: { id: "root", path: "", module: {} as never },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      routes[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: {} as never,
      };
      if (entry.children) add(entry.children, id);
    }
  };
  add(routeConfig, "root");
  return routes;
}

describe("route patterns for the metrics", () => {
  const patternOf = routePatterns(buildRoutes());

  test.each([
    ["/", "/"],
    ["/_.data", "/"],
    ["/mama-put-kitchen", "/:id"],
    ["/mama-put-kitchen.data", "/:id"],
    ["/mama-put-kitchen/products/jollof-rice", "/:id/products/:product"],
    ["/search/jollof", "/search/:id"],
    ["/search/ff", "/search/ff"],
    ["/login", "/Login"],
    ["/vendor/ewa-spa/products", "/vendor/:business/products"],
    ["/api/search/suggest", "/api/search/suggest"],
    ["/a/b/c/d/e/f", "unmatched"],
  ])("%s → %s", (path, pattern) => {
    expect(patternOf(path)).toBe(pattern);
  });

  test("remembers a bounded number of paths, and answers the same after forgetting", () => {
    const small = routePatterns(buildRoutes(), 2);
    const paths = ["/a-spa", "/b-spa", "/c-spa", "/a-spa"];
    expect(paths.map(small)).toEqual(["/:id", "/:id", "/:id", "/:id"]);
  });
});
