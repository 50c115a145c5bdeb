import { existsSync } from "node:fs";
import { isFrameworkFile, jsBudget, routeScripts } from "../../bench/js/budget.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The JavaScript budget of decision 015 (issue 17), on the build this run serves: for every page
 * route, the script files its HTML loads before hydrating (the client entry, and the root's,
 * the layout's and the route's module with their static imports, from React Router's manifest)
 * are at most 8, and Oja's own code in them (all but the framework file) is at most 20 KB
 * gzipped. Code behind `import()` isn't in those lists: moving it there is how a page gets
 * lighter.
 */
const kb = 1024;
const clientDir = "build/client";

test.describe("JavaScript before interaction (decision 015)", () => {
  test.skip(!existsSync(clientDir), "no build/client: run `npx react-router build` first");

  test("every page loads at most 8 script files and at most 20 KB gzipped of own code", () => {
    const routes = routeScripts(clientDir);
    // The manifest lists the pages: home, a product page, the cart and a console page at least.
    const ids = routes.map((route) => route.route);
    for (const id of ["routes/home", "routes/product", "routes/cart", "routes/vendor-dashboard"]) {
      expect(ids).toContain(id);
    }
    const over = routes.flatMap((route) => {
      const problems: string[] = [];
      if (route.files.length > jsBudget.files) {
        problems.push(`${route.files.length} files (limit ${jsBudget.files})`);
      }
      if (route.ownGzip > jsBudget.ownBytes) {
        problems.push(
          `${(route.ownGzip / kb).toFixed(1)} KB own (limit ${jsBudget.ownBytes / kb} KB)`,
        );
      }
      return problems.length ? [`${route.path} (${route.route}): ${problems.join(", ")}`] : [];
    });
    expect(over, "pages over the JavaScript budget").toEqual([]);
  });

  test("the framework is one file, and every page loads it", () => {
    const routes = routeScripts(clientDir);
    const frameworkFiles = new Set(routes.flatMap((route) => route.files.filter(isFrameworkFile)));
    expect(frameworkFiles.size).toBe(1);
    for (const route of routes) {
      expect(route.files.filter(isFrameworkFile), route.route).toHaveLength(1);
    }
  });
});
