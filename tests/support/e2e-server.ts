import { rmSync } from "node:fs";

// The end-to-end server starts from an empty data dir: migrations and the demo seed run as on
// a fresh machine, and no state leaks from one run to the next. The suite's own accounts are
// added before the server opens the database (e2e-fixtures.ts).
process.env.DATA_DIR = ".e2e-data";
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const { prepareE2eData } = await import("./e2e-fixtures.ts");
await prepareE2eData(process.env.DATA_DIR);
await import("../../server.ts");
