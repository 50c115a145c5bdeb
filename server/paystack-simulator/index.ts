import type { AddressInfo } from "node:net";
import express from "express";
import { simulatorKeys } from "#app/config.server.ts";
import { simulatorRouter } from "./router.ts";
import { createPaystackSimulator, type SimulatorOptions } from "./simulator.ts";

export { simulatorRouter } from "./router.ts";
export {
  type CardOutcome,
  createPaystackSimulator,
  type Outcome,
  type PaystackSimulator,
  type SimulatedTransaction,
  type SimulatorOptions,
  sign,
  testCards,
  type WebhookDelivery,
} from "./simulator.ts";

export interface StartOptions extends Partial<SimulatorOptions> {
  /** 0 (the default) lets the OS choose a free port. */
  port?: number;
  host?: string;
  /** Where browsers reach the simulator; default: its own address. */
  publicBaseUrl?: string;
  /** Who may frame the hosted checkout. Default: any site, like Paystack's. */
  frameAncestors?: readonly string[];
  /** Serve the /_test hooks. Default true. */
  testHooks?: boolean;
  merchantName?: string;
}

export interface RunningPaystackSimulator {
  /** Its base URL, e.g. http://127.0.0.1:40123 (PAYSTACK_BASE_URL for Oja). */
  url: string;
  /** Settings that point Oja at it: PAYSTACK_BASE_URL and both keys. */
  env: { PAYSTACK_BASE_URL: string; PAYSTACK_SECRET_KEY: string; PAYSTACK_PUBLIC_KEY: string };
  /** Its state and test hooks, for tests in the same process. */
  simulator: ReturnType<typeof createPaystackSimulator>;
  close(): Promise<void>;
}

/**
 * The simulator as its own HTTP server, for tests and `npm run paystack:simulator`. The keys
 * default to the simulator's fixed test keys.
 */
export async function startPaystackSimulator(
  options: StartOptions = {},
): Promise<RunningPaystackSimulator> {
  const secretKey = options.secretKey ?? simulatorKeys.secretKey;
  const publicKey = options.publicKey ?? simulatorKeys.publicKey;
  const simulator = createPaystackSimulator({ ...options, secretKey, publicKey });
  const app = express();
  app.disable("x-powered-by");
  app.use(
    simulatorRouter(simulator, {
      publicBaseUrl: options.publicBaseUrl,
      frameAncestors: options.frameAncestors ?? ["*"],
      testHooks: options.testHooks ?? true,
      merchantName: options.merchantName,
    }),
  );
  const server = app.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  return {
    url,
    env: { PAYSTACK_BASE_URL: url, PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_PUBLIC_KEY: publicKey },
    simulator,
    async close() {
      await simulator.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
