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
 * How the browser build is cut into files (decision 015): before it is interactive, a page loads
 * at most eight script files and at most 20 KB gzipped of Oja's own code besides the framework.
 * Fixed per page: the client entry, Rolldown's runtime helpers, the framework, the root's, the
 * layout's (and a parent route's) and the page's own route module. That leaves room for two
 * files more (one under a parent route); a page uses one: its **family**'s chunk.
 * - `framework`: React, React DOM, React Router, one file (it changes only with them).
 * - the client entry's chunk: what the entry, the root and the layouts import (the header, the
 *   search box, the cart link, the error page: every page runs it), and what three pages in four
 *   load. The entry exports nothing, so Rolldown makes this group the entry's own chunk.
 * - one chunk per family of pages (`pageFamilies`): what two or more pages of the family use.
 * - what one page alone uses stays in its route file.
 * A module that pages of several families use is built once per family (`familyCopies`), so a
 * page never loads another family's chunk for one component: a shop page doesn't carry the
 * console's forms, nor a console page the shop's cards. That costs bytes in the build (and
 * the cache) only, never on a page. Modules with state the whole app shares (the cart, the
 * signed-in user, the toasts, recent searches) are reached from the entry, the root and the
 * default layout (whose header the other layouts' headers are made of), and nothing those reach
 * is copied. Nothing reached only through `import()` is copied or grouped, so what loads later
 * still loads later, once.
 */
const frameworkModule = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const routeEntry = "?__react-router-build-client-route";
const familyQuery = "?oja-family=";
const appDir = path.join(import.meta.dirname, "app") + path.sep;
/** The modules every page runs, whose imports are shared by all: never copied per family. */
const globalRoots = ["entry.client.tsx", "root.tsx", "layouts/default.tsx"];

/**
 * Pages by family, first match wins (route files as app/routes.ts names them). A family is pages
 * a visitor moves between and that share most of their parts; a page loads its family's chunk
 * whole, so a family that grows apart should be split.
 */
const pageFamilies: Array<{ name: string; files: RegExp }> = [
  { name: "product-pages", files: /^routes\/(product|search-product)\.tsx$/ },
  {
    name: "checkout-pages",
    files: /^routes\/(cart|checkout|checkout-status)\.tsx$/,
  },
  {
    name: "account-pages",
    files: /^routes\/(login|create-account|forgot-password|reset-password|verify-email)\.tsx$/,
  },
  { name: "business-pages", files: /^routes\/(business-page|business-profile)\.tsx$/ },
  // A business's sections list its products and its vouchers: cards the landing page doesn't load.
  { name: "business-sections", files: /^routes\/business-section\.tsx$/ },
  { name: "voucher-pages", files: /^routes\/(vouchers|voucher-offer)\.tsx$/ },
  // Paying for vouchers apart from paying for goods: neither carries the other's parts.
  { name: "voucher-checkout", files: /^routes\/(voucher-cart|voucher-pay)\.tsx$/ },
  // Paying a business's invoice or pay link: the payment form and popup, none of the shop's cards.
  { name: "bill-pages", files: /^routes\/(pay|invoice)\.tsx$/ },
  // Sending a gift carries the date picker; opening one doesn't.
  { name: "voucher-gifts", files: /^routes\/(voucher-gift|gift-received)\.tsx$/ },
  { name: "storefront-pages", files: /^routes\/(storefront|storefront-collection)\.tsx$/ },
  {
    name: "search-pages",
    files: /^routes\/(search-results|search-form|businesses-search|business-catalog-search)\.tsx$/,
  },
  // The collections apart from the product pages: their chunk would carry the product editor.
  { name: "collections-console", files: /^routes\/vendor-(collections|collection)\.tsx$/ },
  {
    name: "catalogue-console",
    files: /^routes\/vendor-(products|product|product-new|products-import)\.tsx$/,
  },
  {
    name: "orders-console",
    files:
      /^routes\/(vendor-orders|vendor-order|vendor-payouts|profile-orders|profile-order|profile-vouchers|profile)\.tsx$/,
  },
  {
    name: "settings-console",
    files: /^routes\/(vendor|vendor-profile|vendor-delivery|vendor-payout-account)\.tsx$/,
  },
  {
    name: "vouchers-console",
    files: /^routes\/vendor-(vouchers|voucher|voucher-new)\.tsx$/,
  },
  // Redeeming shows one reward, its code and QR: none of the shop's cards or search.
  { name: "reward-checkout", files: /^routes\/reward-shop-checkout\.tsx$/ },
  // The reward shop's pages share its cards and search box, which no other page needs whole
  // (/shop/{category} and /first-rewards carry the card in their own files).
  {
    name: "reward-shop",
    files: /^routes\/(reward-shop|reward-shop-browse|reward-shop-search|profile-rewards)\.tsx$/,
  },
  // The points pages share the ways to earn and the tiers, which no other shop page needs.
  { name: "points-pages", files: /^routes\/(rewards|benefits|first-rewards)\.tsx$/ },
  // An invitation opens the review form, as /evaluate/new does.
  {
    name: "review-writing",
    files: /^routes\/(evaluate|evaluate-new|my-reviews|review-invitation)\.tsx$/,
  },
  // The hub and the guidelines show reviews and their labels, as a business's list does.
  {
    name: "review-reading",
    files: /^routes\/(reviews-list|review|reviews|review-guidelines)\.tsx$/,
  },
  // The latest feed shows businesses by their logo only: the cards' TrustScore (decision 053)
  // left it no room in the shop pages' chunk.
  { name: "feed-pages", files: /^routes\/latest\.tsx$/ },
  // A sale's page carries its countdowns and none of the listings' cards.
  { name: "sale-pages", files: /^routes\/(flash-sale|discount-sale)\.tsx$/ },
  { name: "admin-console", files: /^routes\/admin/ },
  // A new invoice and a draft share the invoice form, which the rest of the console doesn't
  // load; the invoices' and the pay links' lists share neither it nor much of the console's.
  { name: "invoice-editing", files: /^routes\/vendor-invoice(-new)?\.tsx$/ },
  { name: "invoice-lists", files: /^routes\/vendor-(invoices|pay-links)\.tsx$/ },
  // The rest of the console: the dashboard, members, invitations, the developer pages.
  { name: "console-pages", files: /^routes\/(vendor|dev-)/ },
  // The rest of the shop: home, listings, categories, follows, the screens still to come.
  { name: "shop-pages", files: /^routes\// },
];
const familyOf = (routeFile: string) =>
  pageFamilies.find((family) => family.files.test(routeFile))?.name;

const relativeToApp = (file: string) =>
  (file.startsWith(appDir) ? file.slice(appDir.length) : file).split(path.sep).join("/");

/** Every route file of app/routes.ts, with the pages (leaf routes) that load it. */
function pagesOfRouteFiles(config: RouteConfigEntry[]) {
  const pages = new Map<string, Set<string>>();
  const all = new Set<string>();
  /** The page routes' own files (not layouts', not parents'). */
  const pageFiles = new Set<string>();
  const visit = (entry: RouteConfigEntry, ancestors: string[]) => {
    // A resource route (a .ts module: robots.txt, /api/…) answers without a page.
    if (!entry.children?.length && entry.file.endsWith(".tsx")) {
      const page = entry.id ?? entry.file;
      all.add(page);
      pageFiles.add(entry.file);
      for (const file of [...ancestors, entry.file]) {
        pages.set(file, new Set([...(pages.get(file) ?? []), page]));
      }
    }
    for (const child of entry.children ?? []) visit(child, [...ancestors, entry.file]);
  };
  for (const entry of config) visit(entry, []);
  return { pages, all, pageFiles };
}

/** lucide-react's icon names → their module files (`shopping-bag` for ShoppingBag). */
let lucideIcons: Promise<Map<string, string>> | undefined;
function lucideIconFiles() {
  lucideIcons ??= readFile(
    path.join(import.meta.dirname, "node_modules/lucide-react/dist/esm/lucide-react.mjs"),
    "utf8",
  ).then((index) => {
    const files = new Map<string, string>();
    for (const [, names, file] of index.matchAll(
      /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
    )) {
      for (const [, name] of (names as string).matchAll(/default as (\w+)/g)) {
        files.set(name as string, file as string);
      }
    }
    return files;
  });
  return lucideIcons;
}

/**
 * The app modules (and lucide icon files) the global roots reach through static imports, read
 * from the sources before the build: at resolve time the build's own graph isn't known yet. It
 * may find more than the build keeps (an import only a loader uses): that only copies less.
 */
async function globalModules() {
  const icons = await lucideIconFiles();
  const found = new Set<string>();
  const iconFiles = new Set<string>();
  const visit = async (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const source = await readFile(file, "utf8");
    for (const [, names] of source.matchAll(/import\s+\{([^}]+)\}\s+from\s+"lucide-react"/g)) {
      for (const name of (names as string).split(",").map((each) => each.trim())) {
        const icon = icons.get(name.split(/\s+as\s+/)[0] as string);
        if (icon) iconFiles.add(icon);
      }
    }
    const sources = [
      ...source.matchAll(
        /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^;"']*?\sfrom\s+)?"([^"]+)"/g,
      ),
    ].map((match) => match[1] as string);
    for (const each of sources) {
      const target = each.startsWith("#app/")
        ? path.join(appDir, each.slice("#app/".length))
        : each.startsWith(".")
          ? path.resolve(path.dirname(file), each)
          : undefined;
      if (!target || !/\.tsx?$/.test(target) || /\.server\.tsx?$/.test(target)) continue;
      await visit(target);
    }
  };
  for (const root of globalRoots) await visit(path.join(appDir, root));
  return { files: found, icons: iconFiles };
}

/**
 * Builds a module once per family that uses it: an import made by a page's route module, or by
 * a module already copied for a family, resolves to `file?oja-family=<name>` (see above).
 * Only static imports of app modules and lucide icons are copied, never a global one.
 */
function familyCopies(config: RouteConfigEntry[]) {
  const { pageFiles } = pagesOfRouteFiles(config);
  let global: Awaited<ReturnType<typeof globalModules>> | undefined;
  const lucideIcon =
    /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
  /** Whether the global roots reach the module (a package other than an icon counts as such). */
  const isGlobal = (id: string) => {
    const icon = lucideIcon.exec(id);
    if (icon) return global?.icons.has(icon[1] as string) ?? false;
    return id.startsWith(appDir) ? (global?.files.has(id) ?? false) : !id.includes("?");
  };
  const plugin: Plugin = {
    name: "oja-family-copies",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async buildStart() {
      global = await globalModules();
    },
    async resolveId(source, importer, options) {
      if (!importer || options.kind !== "import-statement" || !global) return null;
      // Server modules leave the browser build with the loaders that use them (React Router's
      // own resolution refuses them, which is the point): never ours to resolve.
      if (/\.server(\.tsx?)?$/.test(source)) return null;
      const [importerFile = importer, query] = importer.split("?");
      let family: string | undefined;
      if (importer.includes(familyQuery)) {
        family = importer.slice(importer.indexOf(familyQuery) + familyQuery.length);
      } else if (query === undefined && pageFiles.has(relativeToApp(importerFile))) {
        family = familyOf(relativeToApp(importerFile));
      }
      if (!family) return null;
      const resolved = await this.resolve(source, importerFile, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes("?")) return resolved;
      const copy = lucideIcon.test(resolved.id)
        ? !isGlobal(resolved.id)
        : resolved.id.startsWith(appDir) &&
          // A route module imported for a helper is loaded as itself (React Router strips its
          // loader and action, which a copy would keep with their server imports).
          !resolved.id.startsWith(path.join(appDir, "routes") + path.sep) &&
          /\.tsx?$/.test(resolved.id) &&
          !isGlobal(resolved.id);
      return copy ? { ...resolved, id: `${resolved.id}${familyQuery}${family}` } : resolved;
    },
  };
  return { plugin, isGlobal };
}

/**
 * Which chunk each module goes in: the entry's or its family's (see above). The static import
 * graph is read once parsing is done (`buildEnd`); Rolldown asks the groups afterwards.
 */
function chunkGroups(config: RouteConfigEntry[]) {
  const groupOf = new Map<string, string>();
  const { pages, all } = pagesOfRouteFiles(config);
  const copies = familyCopies(config);
  const plugin: Plugin = {
    name: "oja-chunk-groups",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      groupOf.clear();
      const rootModule = path.join(appDir, "root.tsx");
      // Module → the pages that load it statically; the entry's and the root's: every page.
      const usedBy = new Map<string, Set<string>>();
      for (const id of this.getModuleIds()) {
        if (!this.getModuleInfo(id)?.isEntry) continue;
        const loadedBy = pages.get(relativeToApp(id.replace(routeEntry, ""))) ?? all;
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
      for (const [module, users] of usedBy) {
        const family = module.includes(familyQuery)
          ? module.slice(module.indexOf(familyQuery) + familyQuery.length)
          : undefined;
        if (family) {
          if (users.size >= 2) groupOf.set(module, family);
        } else if (users.size >= 0.75 * all.size || (users.size >= 2 && copies.isGlobal(module))) {
          groupOf.set(module, "entry");
        }
      }
    },
  };
  const group = (name: string) => ({ name, test: (id: string) => groupOf.get(id) === name });
  // The entry's group first: what every page runs is never pulled into another chunk.
  return {
    plugins: [copies.plugin, plugin],
    groups: [group("entry"), ...pageFamilies.map((family) => group(family.name))],
  };
}
const chunks = chunkGroups(routes);

/**
 * `import { ShoppingBag } from "lucide-react"` becomes `import ShoppingBag from
 * "lucide-react/icons/shopping-bag"` in the browser build. The package's index re-exports all
 * ~1,900 icons: the bundle keeps only the ones used either way, but the module graph that
 * `chunkGroups` reads would otherwise say every page reaches every icon any page uses.
 */
function lucideIconImports(): Plugin {
  return {
    name: "oja-lucide-icon-imports",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async transform(source, id) {
      // A family's copy of a module (familyCopies) is `file.tsx?oja-family=…`.
      if (!/[\\/]app[\\/].+\.tsx?$/.test(id.split("?")[0] as string)) return null;
      if (!source.includes('from "lucide-react"')) return null;
      const icons = await lucideIconFiles();
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

/**
 * lucide-react's icon modules make their component with `../createLucideIcon.mjs`; ours
 * (app/components/ui/lucide-icon.ts) draws the same markup with a fraction of the code. In both
 * builds, so that the server's HTML and the browser's hydration agree.
 */
function lucideIconFactory(): Plugin {
  const factory = path.join(appDir, "components", "ui", "lucide-icon.ts");
  return {
    name: "oja-lucide-icon-factory",
    enforce: "pre",
    apply: "build",
    resolveId(source, importer) {
      if (source !== "../createLucideIcon.mjs" || !importer) return null;
      return /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer) ? factory : null;
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
                // Bundled so that its icons draw with our factory, as in the browser.
                "lucide-react",
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
    lucideIconFactory(),
    ...chunks.plugins,
    tailwindcss(),
    reactRouter(),
    buildVersionFiles(),
    precompressAssets(),
  ],
}));
