/**
 * Fills the database the app would use (DATABASE_URL, else PGlite in DATA_DIR).
 *
 *   npm run db:seed                                           demo data, empty database only
 *   npm run db:seed -- --businesses 10000 --products 100000   benchmark data, no pictures
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { readSettings, SettingsError } from "#app/config.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { openMediaStores } from "#app/media/store.server.ts";
import { seedBenchmark } from "#app/seed/bench.server.ts";
import { isCatalogEmpty, seedDemo } from "#app/seed/demo.server.ts";

const usage = `Usage: npm run db:seed [-- --businesses N] [--products N]

Without options, fills an empty database with demo businesses, products and pictures.
With --businesses and/or --products, adds that many synthetic rows for benchmarks
(10 products per business when only --businesses is given).`;

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value.replace(/_/g, ""));
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new UsageError(`--${flag} must be a whole number, got "${value}".`);
  }
  return number;
}

class UsageError extends Error {
  override name = "UsageError";
}

const format = new Intl.NumberFormat("en-NG");

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      businesses: { type: "string" },
      products: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  let businessCount = count(values.businesses, "businesses");
  let productCount = count(values.products, "products");
  const benchmark = businessCount !== undefined || productCount !== undefined;
  if (benchmark) {
    businessCount ??= Math.max(1, Math.ceil((productCount ?? 0) / 10));
    productCount ??= businessCount * 10;
  }

  const settings = readSettings();
  const where =
    settings.modes.database === "pglite"
      ? `PGlite in ${settings.dataDir}`
      : `PostgreSQL at ${new URL(settings.databaseUrl ?? "").host}`;
  const started = performance.now();
  let handle: DatabaseHandle | undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: "{bar} {percentage}% | {value}/{total} {unit} | {duration_formatted}",
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    handle = await openDatabase(settings);
    const applied = await migrate(handle.db);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);

    if (!benchmark) {
      if (!(await isCatalogEmpty(handle.db))) {
        console.error(
          `The database (${where}) already has businesses or products; the demo seed only fills an empty one.\n` +
            "Point DATA_DIR or DATABASE_URL at a fresh database, or pass --businesses/--products for benchmark data.",
        );
        return 1;
      }
      const media = await openMediaStores(settings);
      console.log(`Seeding demo data into ${where}, pictures in ${media.location}`);
      bar.start(1, 0, { unit: "steps" });
      const seeded = await seedDemo(handle.db, {
        media: media.originals,
        onProgress: (done, total) => {
          bar.setTotal(total);
          bar.update(done);
        },
      });
      bar.stop();
      media.close();
      console.log(
        `Seeded ${format.format(seeded.businesses)} businesses and ${format.format(seeded.products)} products in ${seconds(started)}.`,
      );
      return 0;
    }

    console.log(
      `Seeding ${format.format(businessCount ?? 0)} businesses and ${format.format(productCount ?? 0)} products into ${where}`,
    );
    const seedStarted = performance.now();
    bar.start(1, 0, { unit: "rows" });
    const seeded = await seedBenchmark(handle.db, {
      businesses: businessCount ?? 0,
      products: productCount ?? 0,
      onProgress: (done, total) => {
        bar.setTotal(total);
        bar.update(done);
      },
    });
    bar.stop();
    const rate = (seeded.businesses + seeded.products) / ((performance.now() - seedStarted) / 1000);
    console.log(
      `Seeded ${format.format(seeded.businesses)} businesses and ${format.format(seeded.products)} products in ${seconds(started)} (${format.format(Math.round(rate))} rows/s).`,
    );
    return 0;
  } finally {
    bar.stop();
    await handle?.close();
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UsageError || error instanceof SettingsError) {
    console.error(error.message);
    if (error instanceof UsageError) console.error(`\n${usage}`);
  } else if (
    error instanceof TypeError &&
    "code" in error &&
    String(error.code).startsWith("ERR_PARSE_ARGS")
  ) {
    console.error(`${error.message}\n\n${usage}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
