import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
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
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
              ],
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
    tailwindcss(),
    reactRouter(),
    buildVersionFiles(),
    precompressAssets(),
  ],
}));
