import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import routes from "./app/routes.ts";
import { renderMarkdownPage } from "./scripts/markdown-page.ts";

/**
 * One id per build, known to the browser bundle (import.meta.env.VITE_BUILD_ID) and written to
 * build/client/version/: latest.json ({ id, time }, served uncached, polled by the browser to
 * notice a new deploy) and {id}.json, the build's manifest (app/updates/new-version.ts).
 */
const buildTime = new Date().toISOString();
const buildId = `${buildTime.slice(0, 10).replaceAll("-", "")}-${randomBytes(4).toString("hex")}`;

function buildVersionFiles(): Plugin {
  return {
    name: "oja-build-version",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const latest = { id: buildId, time: buildTime };
      const manifest = { ...latest, files: Object.keys(bundle).sort() };
      this.emitFile({
        type: "asset",
        fileName: "version/latest.json",
        source: JSON.stringify(latest),
      });
      this.emitFile({
        type: "asset",
        fileName: `version/${buildId}.json`,
        source: JSON.stringify(manifest),
      });
    },
  };
}

/**
 * Which chunk each module of the browser build goes in (decision 015): a page may load at most
 * eight script files before it is interactive, where automatic splitting made ~25 small ones.
 * Fixed per page: the client entry, Rolldown's runtime helpers, the framework, the root's, the
 * layout's (and a parent route's) and the page's own route module. Grouped:
 * - `framework`: React, React DOM, React Router, one file (it changes only with them).
 * - the client entry's chunk: what the entry or the root imports, and what three pages in four
 *   load (the default layout's header, say): every page runs it. The entry exports nothing, so
 *   Rolldown makes this group the entry's own chunk rather than one more file.
 * - `shared`: what two or more shop pages share (cards, the product page's parts, search results).
 * - `console`: what two or more console pages (/vendor, /admin, /profile, /dev) share.
 * - `mixed`: what both kinds share (form fields, the order view).
 * A module one page uses stays in that page's route file, and nothing reached only through
 * `import()` is grouped, so what loads later still loads later. The static import graph is read
 * once parsing is done (`buildEnd`); Rolldown asks the groups afterwards, while it chunks.
 */
const frameworkModule = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const consolePage = /^routes\/(vendor|admin|profile|dev-)/;
const routeEntry = "?__react-router-build-client-route";
type ChunkArea = "entry" | "shared" | "console" | "mixed";

/** Every route file of app/routes.ts, with the pages (leaf routes) that load it. */
function pagesOfRouteFiles(config: RouteConfigEntry[]) {
  const pages = new Map<string, Set<string>>();
  const all = new Set<string>();
  const visit = (entry: RouteConfigEntry, ancestors: string[]) => {
    // A resource route (a .ts module: robots.txt, /api/…) answers without a page.
    if (!entry.children?.length && entry.file.endsWith(".tsx")) {
      const page = entry.id ?? entry.file;
      all.add(page);
      for (const file of [...ancestors, entry.file]) {
        pages.set(file, new Set([...(pages.get(file) ?? []), page]));
      }
    }
    for (const child of entry.children ?? []) visit(child, [...ancestors, entry.file]);
  };
  for (const entry of config) visit(entry, []);
  return { pages, all };
}

function chunkAreas(config: RouteConfigEntry[]) {
  const areas = new Map<string, ChunkArea>();
  const { pages, all } = pagesOfRouteFiles(config);
  const plugin: Plugin = {
    name: "oja-chunk-areas",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      areas.clear();
      const appDir = path.join(import.meta.dirname, "app") + path.sep;
      const rootModule = path.join(appDir, "root.tsx");
      // Module → the pages that load it statically; the entry and the root: every page.
      const usedBy = new Map<string, Set<string>>();
      for (const id of this.getModuleIds()) {
        if (!this.getModuleInfo(id)?.isEntry) continue;
        const file = id.replace(routeEntry, "");
        const relative = (file.startsWith(appDir) ? file.slice(appDir.length) : file)
          .split(path.sep)
          .join("/");
        const loadedBy = pages.get(relative) ?? all;
        const seen = new Set<string>();
        const stack = [id];
        for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(this.getModuleInfo(next)?.importedIds ?? []));
        }
        for (const module of seen) {
          // Route entries stay Rolldown's: grouping them would only add re-exporting files.
          if (module.includes(routeEntry) || frameworkModule.test(module)) continue;
          // The root module and its stylesheet stay in the root's route file: in the entry's
          // chunk, which lazy chunks import too, React Router would mark the stylesheet as
          // loaded later ("….css#") and Vite would add it again with the first lazy chunk.
          if (module.endsWith(".css") || module === rootModule) continue;
          usedBy.set(module, new Set([...(usedBy.get(module) ?? []), ...loadedBy]));
        }
      }
      // zod (~20 KB) validates the console's forms: a console module that needs it stays out of
      // the console chunk, which every console page loads, and comes with the forms' pages.
      const needsZod = new Map<string, boolean>();
      const reachesZod = (id: string): boolean => {
        if (needsZod.has(id)) return needsZod.get(id) as boolean;
        needsZod.set(id, false);
        const answer =
          /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
          (this.getModuleInfo(id)?.importedIds ?? []).some(reachesZod);
        needsZod.set(id, answer);
        return answer;
      };
      for (const [module, users] of usedBy) {
        if (users.size >= 0.75 * all.size) areas.set(module, "entry");
        else if (users.size >= 2) {
          const consoleUsers = [...users].filter((page) => consolePage.test(page)).length;
          const area =
            consoleUsers === 0 ? "shared" : consoleUsers === users.size ? "console" : "mixed";
          if (area !== "console" || !reachesZod(module)) areas.set(module, area);
        }
      }
    },
  };
  const group = (name: ChunkArea) => ({
    name,
    test: (id: string) => areas.get(id) === name,
  });
  // The entry's group first: what every page runs is never pulled into another chunk.
  return {
    plugin,
    groups: [group("entry"), group("mixed"), group("shared"), group("console")],
  };
}
const chunks = chunkAreas(routes);

/**
 * `import { ShoppingBag } from "lucide-react"` becomes `import ShoppingBag from
 * "lucide-react/icons/shopping-bag"` in the browser build. The package's index re-exports all
 * ~1,900 icons: the bundle keeps only the ones used either way, but the module graph that
 * `chunkAreas` reads would otherwise say every page reaches every icon any page uses.
 */
function lucideIconImports(): Plugin {
  let files: Map<string, string> | undefined;
  const iconFiles = async () => {
    if (files) return files;
    const index = await readFile(
      path.join(import.meta.dirname, "node_modules/lucide-react/dist/esm/lucide-react.mjs"),
      "utf8",
    );
    files = new Map();
    for (const [, names, file] of index.matchAll(
      /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
    )) {
      for (const [, name] of (names as string).matchAll(/default as (\w+)/g)) {
        files.set(name as string, file as string);
      }
    }
    return files;
  };
  return {
    name: "oja-lucide-icon-imports",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async transform(source, id) {
      if (!/[\\/]app[\\/].+\.tsx?$/.test(id) || !source.includes('from "lucide-react"'))
        return null;
      const icons = await iconFiles();
      const code = source.replace(
        /import \{([^}]+)\} from "lucide-react";/g,
        (statement, specifiers: string) => {
          const imports = specifiers
            .split(",")
            .map((specifier) => specifier.trim())
            .filter((specifier) => specifier && !specifier.startsWith("type "))
            .map((specifier) => {
              const [name, local = name] = specifier.split(/\s+as\s+/);
              const file = icons.get(name as string);
              if (!file) throw new Error(`${id}: no lucide-react icon file for ${name}`);
              return `import ${local} from "lucide-react/icons/${file}";`;
            });
          // A type-only import (LucideIcon) has nothing to load.
          return imports.length > 0 ? imports.join(" ") : statement;
        },
      );
      return code === source ? null : { code, map: null };
    },
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy, at their best compression, next to each text file
 * of build/client/assets, which the server sends as they are (server/static-files.ts): nothing
 * is compressed per request. A file the copies would not shrink by a tenth gets neither.
 */
function precompressAssets(): Plugin {
  return {
    name: "oja-precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "build/client";
      const names = Object.keys(bundle).filter((name) =>
        /^assets\/.+\.(js|mjs|css|json|map|svg|txt|wasm)$/.test(name),
      );
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            brotliAsync(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (gz.length > raw.length * 0.9) return;
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * `import page from "./notice.md"` gives the page already rendered ({ title, updated, toc, html },
 * scripts/markdown-page.ts): Markdown becomes HTML while building, and the parser (marked, a
 * devDependency) never reaches the browser or the running server.
 */
function markdownPages(): Plugin {
  return {
    name: "oja-markdown-pages",
    enforce: "pre",
    transform(source, id) {
      if (!id.endsWith(".md")) return null;
      const page = renderMarkdownPage(source, id);
      return { code: `export default ${JSON.stringify(page)};`, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  define: {
    "import.meta.env.VITE_BUILD_ID": JSON.stringify(command === "build" ? buildId : "dev"),
  },
  // The server build's entry is our Express app, so that the database and every other server
  // singleton live in one bundle (see docs/decisions/002-server-and-build.md).
  environments: {
    // React, React DOM and React Router load on every page: one file compresses better than the
    // four that automatic splitting makes of them (105 KB gzipped instead of 109 KB).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: frameworkModule }, ...chunks.groups],
            },
          },
        },
      },
    },
    ssr: {
      resolve: {
        // Bundled into the server build instead of read from node_modules at start: together
        // they were ~900 small module files (kysely alone 262, through Better Auth), and
        // resolving and compiling them one by one was a third of a restart's CPU time
        // (bench/README.md, startup). React Router stays external: the build's server entry and
        // anything loaded outside the build must share one instance of it. Only in
        // the build: Vite's development module runner can't evaluate CommonJS packages
        // (rate-limiter-flexible), which Node loads itself in development.
        noExternal:
          command !== "build"
            ? []
            : [
                "better-auth",
                /^@better-auth\//,
                "better-call",
                /^@better-fetch\//,
                "kysely",
                "drizzle-orm",
                "zod",
                "jose",
                "rate-limiter-flexible",
              ],
      },
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  plugins: [
    markdownPages(),
    lucideIconImports(),
    chunks.plugin,
    tailwindcss(),
    reactRouter(),
    buildVersionFiles(),
    precompressAssets(),
  ],
}));
