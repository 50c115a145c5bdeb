/**
 * The Paystack simulator as its own server (Oja runs one inside itself when no Paystack keys
 * are set; this one is for tests and for several Oja instances sharing one simulator).
 *
 *   npm run paystack:simulator -- [--port 3400] [--host 127.0.0.1]
 *                                 [--webhook-url http://127.0.0.1:3000/api/payments/paystack/webhook]
 *
 * Keys: PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY, else the simulator's fixed test keys. Point
 * Oja at it with the three settings it prints.
 */
import { parseArgs } from "node:util";
import pino from "pino";
import { startPaystackSimulator } from "#server/paystack-simulator/index.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3400" },
    host: { type: "string", default: "127.0.0.1" },
    "webhook-url": { type: "string" },
    "public-url": { type: "string" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(1);
}

const log = pino({ base: { service: "paystack-simulator" } });
const running = await startPaystackSimulator({
  port,
  host: values.host,
  publicBaseUrl: values["public-url"],
  webhookUrl: values["webhook-url"],
  secretKey: process.env.PAYSTACK_SECRET_KEY || undefined,
  publicKey: process.env.PAYSTACK_PUBLIC_KEY || undefined,
  log,
});

console.log(`Paystack simulator ready at ${running.url}`);
console.log("Point Oja at it with:");
for (const [name, value] of Object.entries(running.env)) console.log(`  ${name}=${value}`);
if (!values["webhook-url"]) console.log("No --webhook-url: webhooks are not sent.");

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await running.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
