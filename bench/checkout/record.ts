import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Engine, type Machine, machine, resultsDir } from "../http/record.ts";

/**
 * Writes a checkout run like the other benches do (bench/http/record.ts): the JSON file
 * bench/results/checkout-<engine>-<date>.json (a later run the same day replaces it) and a
 * section appended to bench/results/README.md. Its own writer because the shared one describes a
 * run by its catalogue size (businesses, products), and this bench's dataset is its shoppers and
 * units.
 */
export interface CheckoutRun {
  engine: Engine;
  settings: { shoppers: number; units: number } & Record<string, unknown>;
  goals: string[];
  /** Markdown for the README section. */
  table: string;
  data: unknown;
  /** The machine as it was when the run started (its load average then). */
  host: Machine;
}

export function recordCheckout(run: CheckoutRun): string {
  const at = new Date();
  const date = at.toISOString().slice(0, 10);
  const host = run.host;
  const loadAtEnd = machine().loadAverage;
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `checkout-${run.engine}-${date}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        bench: "checkout",
        engine: run.engine,
        at: at.toISOString(),
        machine: host,
        loadAverageAtEnd: loadAtEnd,
        dataset: { shoppers: run.settings.shoppers, units: run.settings.units },
        settings: run.settings,
        goals: run.goals,
        results: run.data,
      },
      null,
      2,
    )}\n`,
  );

  const summary = path.join(resultsDir, "README.md");
  const before = existsSync(summary) ? readFileSync(summary, "utf8") : "# Benchmark results\n";
  const section = [
    `## checkout — ${run.engine === "postgresql" ? "PostgreSQL" : "PGlite"} — ${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${host.cpus} cores (${host.cpuModel}), ${host.ramGb} GB RAM, load average ${host.loadAverage} at start and ${loadAtEnd} at the end, Node ${host.node}, commit ${host.commit}. ` +
      `Dataset: ${run.settings.shoppers} shoppers racing for ${run.settings.units} units of one product. ` +
      `File: \`${path.basename(file)}\`.`,
    "",
    ...run.goals.map((goal) => `- ${goal}`),
    "",
    run.table,
    "",
  ].join("\n");
  writeFileSync(summary, `${before.trimEnd()}\n\n${section}`);
  return file;
}
