import { rmSync } from "node:fs";

// The end-to-end server starts from an empty data dir: migrations and the demo seed run as on
// a fresh machine, and no state leaks from one run to the next.
process.env.DATA_DIR = ".e2e-data";
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import("../../server.ts");
