import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { transactionStatuses } from "#app/payments/contract.server.ts";
import { z } from "#app/zod.ts";
import {
  type CheckoutForm,
  checkoutPage,
  type FieldName,
  notFoundPage,
  type PageContext,
  resultPage,
} from "./pages.ts";
import {
  type CardOutcome,
  cardDetails,
  type PaystackSimulator,
  type SimulatedTransaction,
  SimulatorError,
  testCards,
} from "./simulator.ts";

/**
 * The simulator over HTTP, at the paths Paystack uses: the API (secret key), what the browser
 * uses (inline script, hosted checkout, request_inline with the public key) and, when asked,
 * test hooks under /_test (secret key). Mounted at /_paystack inside Oja, or at the root of its
 * own server.
 */
export interface SimulatorRouterOptions {
  /** Where browsers reach the simulator (authorization_url); default: where the request came. */
  publicBaseUrl?: string;
  /** Who may frame the hosted checkout: "'self'" inside Oja, any site ("*") on its own server. */
  frameAncestors: readonly string[];
  /** Serve the /_test hooks (they need the secret key too). */
  testHooks: boolean;
  /** The name the checkout shows. Default "Oja". */
  merchantName?: string;
}

/**
 * The browser files, read once from the source tree: the app always runs from the project
 * root (the migrations in drizzle/ are found the same way), built or not.
 */
export const browserDir = path.resolve("server/paystack-simulator/browser");

const assetTypes = {
  "checkout.js": "text/javascript; charset=utf-8",
  "checkout.css": "text/css; charset=utf-8",
} as const;

const completeSchema = z.object({
  outcome: z.enum(["success", "declined", "insufficient_funds", "abandoned"], {
    message: "outcome must be success, declined, insufficient_funds or abandoned",
  }),
});

const reportSchema = z.object({
  amount: z.number().int().nonnegative().optional(),
  currency: z.string().min(1).optional(),
  status: z.enum(transactionStatuses).optional(),
});

const resendSchema = z.object({ times: z.number().int().min(1).max(100).default(1) });
const disputeSchema = z.object({
  step: z.enum(["create", "remind", "resolve"]),
  resolution: z.enum(["merchant-accepted", "declined", "auto-accepted"]).optional(),
});
const settingsSchema = z.object({
  feesOnCustomer: z.boolean().optional(),
  refundOutcome: z.enum(["processed", "failed", "needs-attention"]).optional(),
  webhooksPaused: z.boolean().optional(),
});

const cardFormSchema = z.object({
  number: z.string().default(""),
  expiry: z.string().default(""),
  cvv: z.string().default(""),
  parent_origin: z.string().optional(),
});

function envelope(res: Response, status: number, message: string, data?: unknown) {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .json(data === undefined ? { status: status < 400, message } : { status: true, message, data });
}

/** Compares keys in constant time, whatever their lengths. */
function sameKey(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Only an http(s) origin; anything else means "not in an overlay". */
function originOf(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card form's checks, with a message per field a shopper can act on. */
export function checkCard(
  input: { number: string; expiry: string; cvv: string },
  now = new Date(),
): { errors: CheckoutForm["errors"]; card?: { number: string; month: string; year: string } } {
  const errors: Partial<Record<FieldName, string>> = {};
  const number = input.number.replace(/[\s-]/g, "");
  if (number === "") errors.number = "Enter the card number";
  else if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    errors.number = "Enter a valid card number, such as a test card below";
  }
  const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = expiry?.[2] ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (input.expiry.trim() === "") errors.expiry = "Enter the expiry date";
  else if (!expiry || month < 1 || month > 12) errors.expiry = "Enter the expiry date as MM/YY";
  else if (new Date(year, month, 1) <= now) errors.expiry = "This card has expired";
  const cvv = input.cvv.trim();
  if (cvv === "") errors.cvv = "Enter the CVV";
  else if (!/^\d{3,4}$/.test(cvv)) errors.cvv = "Enter the 3 digits on the back of the card";
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    card: { number, month: String(month).padStart(2, "0"), year: String(year) },
  };
}

const refusals: Record<Exclude<CardOutcome, "success">, { title: string; message: string }> = {
  declined: {
    title: "Payment declined",
    message: "The bank declined this card. Try another card.",
  },
  insufficient_funds: {
    title: "Insufficient funds",
    message: "This card does not have enough money for this payment. Try another card.",
  },
};

export function simulatorRouter(simulator: PaystackSimulator, options: SimulatorRouterOptions) {
  const assets = Object.fromEntries(
    [...Object.keys(assetTypes), "inline.js"].map((name) => [
      name,
      readFileSync(path.join(browserDir, name), "utf8"),
    ]),
  );
  const merchantName = options.merchantName ?? "Oja";
  const router = express.Router();
  const json = express.json({ limit: "100kb" });
  const form = express.urlencoded({ extended: false, limit: "10kb" });

  const requireSecretKey: RequestHandler = (req, res, next) => {
    const header = req.get("authorization");
    if (!header) return envelope(res, 401, "No Authorization header was found");
    const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? "";
    if (!sameKey(key, simulator.secretKey)) return envelope(res, 401, "Invalid key");
    next();
  };

  function publicBase(req: Request): string {
    return options.publicBaseUrl ?? `${req.protocol}://${req.get("host")}${req.baseUrl}`;
  }

  function pageContext(req: Request, parentOrigin: unknown): PageContext {
    return { basePath: req.baseUrl, merchantName, parentOrigin: originOf(parentOrigin) };
  }

  /** The hosted checkout may be framed by the shop, and posts only to itself or the shop. */
  function pageHeaders(res: Response, transaction?: SimulatedTransaction) {
    const callbackOrigin = originOf(transaction?.callbackUrl);
    res.removeHeader("X-Frame-Options");
    res.set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        `form-action 'self'${callbackOrigin ? ` ${callbackOrigin}` : ""}`,
        `frame-ancestors ${options.frameAncestors.join(" ")}`,
        "base-uri 'none'",
      ].join("; "),
    });
  }

  function callbackWith(transaction: SimulatedTransaction): string | null {
    if (!transaction.callbackUrl) return null;
    const url = new URL(transaction.callbackUrl);
    url.searchParams.set("trxref", transaction.reference);
    url.searchParams.set("reference", transaction.reference);
    return url.toString();
  }

  /** What the inline script's onSuccess receives, as Paystack's v2 script gives it. */
  function successMessage(transaction: SimulatedTransaction) {
    const id = String(transaction.id);
    return {
      type: "success",
      data: {
        reference: transaction.reference,
        trans: id,
        status: "success",
        message: "Approved",
        transaction: id,
        trxref: transaction.reference,
      },
    };
  }

  /** The end of a checkout: back to the shop as a full page, or a message to the overlay. */
  function finish(
    res: Response,
    context: PageContext,
    transaction: SimulatedTransaction,
    kind: "success" | "cancelled" | "paid",
  ) {
    const returnUrl = callbackWith(transaction);
    if (!context.parentOrigin && returnUrl && kind !== "paid") return res.redirect(303, returnUrl);
    pageHeaders(res, transaction);
    const message = !context.parentOrigin
      ? null
      : kind === "cancelled"
        ? { type: "cancel" }
        : successMessage(transaction);
    res.send(resultPage(context, transaction, kind, { returnUrl, message }));
  }

  // The API, as Paystack's.
  router.post("/transaction/initialize", requireSecretKey, json, (req, res) => {
    const transaction = simulator.initialize(req.body ?? {});
    envelope(res, 200, "Authorization URL created", {
      authorization_url: `${publicBase(req)}/checkout/${transaction.accessCode}`,
      access_code: transaction.accessCode,
      reference: transaction.reference,
    });
  });

  router.get("/transaction/verify/:reference", requireSecretKey, (req, res) => {
    const transaction = simulator.find(String(req.params.reference));
    envelope(res, 200, "Verification successful", simulator.describe(transaction));
  });

  router.post("/refund", requireSecretKey, json, (req, res) => {
    const { transaction, refund } = simulator.refund(req.body ?? {});
    envelope(
      res,
      200,
      "Refund has been queued for processing",
      simulator.describeRefund(transaction, refund),
    );
  });

  router.get("/refund/:id", requireSecretKey, (req, res) => {
    const { transaction, refund } = simulator.findRefund(String(req.params.id));
    envelope(res, 200, "Refund retrieved", simulator.describeRefund(transaction, refund));
  });

  router.post("/subaccount", requireSecretKey, json, (req, res) => {
    const subaccount = simulator.createSubaccount(req.body ?? {});
    envelope(res, 200, "Subaccount created", simulator.describeSubaccount(subaccount));
  });

  router.get("/subaccount/:code", requireSecretKey, (req, res) => {
    const subaccount = simulator.findSubaccount(String(req.params.code));
    envelope(res, 200, "Subaccount retrieved", simulator.describeSubaccount(subaccount));
  });

  router.put("/subaccount/:code", requireSecretKey, json, (req, res) => {
    const subaccount = simulator.updateSubaccount(String(req.params.code), req.body ?? {});
    envelope(res, 200, "Subaccount updated", simulator.describeSubaccount(subaccount));
  });

  // Paystack lists banks for any key; only Nigeria's are known here.
  router.get("/bank", requireSecretKey, (req, res) => {
    const country = String(req.query.country ?? "nigeria").toLowerCase();
    envelope(res, 200, "Banks retrieved", country === "nigeria" ? simulator.banks() : []);
  });

  // What the browser uses.
  router.get("/v2/inline.js", (_req, res) => {
    res.type(assetTypes["checkout.js"]).set("Cache-Control", "no-cache").send(assets["inline.js"]);
  });

  router.get("/checkout/assets/:name", (req, res) => {
    const name = String(req.params.name) as keyof typeof assetTypes;
    if (!(name in assetTypes)) return envelope(res, 404, "Not found");
    res.type(assetTypes[name]).set("Cache-Control", "no-cache").send(assets[name]);
  });

  // newTransaction() in the inline script: Paystack's own script initializes with the public
  // key the same way. Called from the shop's page, so open to any origin (no credentials).
  const cors: RequestHandler = (_req, res, next) => {
    res.set({
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": "content-type",
      "Access-Control-Max-Age": "600",
    });
    next();
  };
  router.options("/checkout/request_inline", cors, (_req, res) => {
    res.status(204).end();
  });
  router.post("/checkout/request_inline", cors, json, (req, res) => {
    const { key, ...body } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof key !== "string" || !sameKey(key, simulator.publicKey)) {
      return envelope(res, 401, "Invalid key");
    }
    const transaction = simulator.initialize(body);
    envelope(res, 200, "Access code created", {
      access_code: transaction.accessCode,
      reference: transaction.reference,
      id: transaction.id,
    });
  });

  router.get("/checkout/:accessCode", (req, res) => {
    const context = pageContext(req, req.query.origin);
    const transaction = simulator.byAccessCode(String(req.params.accessCode));
    if (!transaction) {
      pageHeaders(res);
      return res.status(404).send(notFoundPage(context));
    }
    if (transaction.paidAt) return finish(res, context, transaction, "paid");
    pageHeaders(res, transaction);
    res.send(checkoutPage(context, transaction));
  });

  router.post("/checkout/:accessCode/pay", form, (req, res) => {
    const input = cardFormSchema.parse(req.body ?? {});
    const context = pageContext(req, input.parent_origin);
    const transaction = simulator.byAccessCode(String(req.params.accessCode));
    if (!transaction) {
      pageHeaders(res);
      return res.status(404).send(notFoundPage(context));
    }
    if (transaction.paidAt) return finish(res, context, transaction, "paid");
    const values = { number: input.number, expiry: input.expiry };
    const { errors, card } = checkCard(input);
    pageHeaders(res, transaction);
    if (!card) return res.status(400).send(checkoutPage(context, transaction, { values, errors }));
    const outcome = testCards.find(({ number }) => number === card.number)?.outcome ?? "declined";
    simulator.pay(transaction, outcome, cardDetails(card.number, card.month, card.year));
    if (outcome === "success") return finish(res, context, transaction, "success");
    // 200: the page answered; the card was refused (a 4xx would be a console error in the shop).
    res.send(
      checkoutPage(context, transaction, {
        values: {},
        errors: {},
        alert: refusals[outcome],
      }),
    );
  });

  router.post("/checkout/:accessCode/cancel", form, (req, res) => {
    const context = pageContext(req, (req.body as { parent_origin?: unknown })?.parent_origin);
    const transaction = simulator.byAccessCode(String(req.params.accessCode));
    if (!transaction) {
      pageHeaders(res);
      return res.status(404).send(notFoundPage(context));
    }
    if (transaction.paidAt) return finish(res, context, transaction, "paid");
    simulator.cancel(transaction);
    finish(res, context, transaction, "cancelled");
  });

  if (options.testHooks) {
    const hooks = express.Router();
    hooks.use(requireSecretKey, json);
    const state = (transaction: SimulatedTransaction) => ({
      ...simulator.describe(transaction),
      access_code: transaction.accessCode,
      true_status: transaction.status,
      true_amount: transaction.amount,
      true_currency: transaction.currency,
      reported: transaction.reported,
      attempts: transaction.attempts,
      refunds: transaction.refunds,
    });
    hooks.get("/transactions/:reference", (req, res) => {
      envelope(res, 200, "Transaction", state(simulator.find(String(req.params.reference))));
    });
    hooks.post("/transactions/:reference/complete", (req, res) => {
      const { outcome } = parseBody(completeSchema, req.body);
      const transaction = simulator.complete(String(req.params.reference), outcome);
      envelope(res, 200, `Transaction ${transaction.status}`, state(transaction));
    });
    hooks.post("/transactions/:reference/report", (req, res) => {
      const reported = parseBody(reportSchema, req.body);
      const transaction = simulator.report(String(req.params.reference), reported);
      envelope(res, 200, "Reporting", state(transaction));
    });
    hooks.post("/transactions/:reference/webhooks", (req, res) => {
      const { times } = parseBody(resendSchema, req.body);
      simulator.resendChargeSuccess(String(req.params.reference), times);
      envelope(res, 200, `charge.success sent ${times} time(s)`, { times });
    });
    hooks.post("/transactions/:reference/dispute", (req, res) => {
      const { step, resolution } = parseBody(disputeSchema, req.body);
      const transaction = simulator.dispute(String(req.params.reference), step, resolution);
      envelope(res, 200, `charge.dispute.${step} sent`, state(transaction));
    });
    hooks.post("/settings", (req, res) => {
      const { feesOnCustomer, refundOutcome, webhooksPaused } = parseBody(settingsSchema, req.body);
      if (webhooksPaused !== undefined) simulator.pauseWebhooks(webhooksPaused);
      if (feesOnCustomer !== undefined) simulator.setFeesOnCustomer(feesOnCustomer);
      if (refundOutcome !== undefined) simulator.setRefundOutcome(refundOutcome);
      envelope(res, 200, "Settings changed");
    });
    hooks.get("/webhooks", (_req, res) => {
      envelope(res, 200, "Webhook deliveries", simulator.deliveries());
    });
    hooks.post("/reset", async (_req, res) => {
      await simulator.reset();
      envelope(res, 200, "Simulator reset");
    });
    router.use("/_test", hooks);
  }

  router.use((_req, res) => envelope(res, 404, "Route not found"));

  const errors: ErrorRequestHandler = (error, req, res, _next) => {
    if (error instanceof SimulatorError) return envelope(res, error.status, error.message);
    const type = (error as { type?: string }).type;
    if (type === "entity.parse.failed") return envelope(res, 400, "Invalid JSON body");
    if (type === "entity.too.large") return envelope(res, 413, "Request body too large");
    simulator.log?.error({ err: error, url: req.originalUrl }, "the Paystack simulator failed");
    envelope(res, 500, "The simulator failed; see its log");
  };
  router.use(errors);
  return router;
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new SimulatorError(400, parsed.error.issues[0]?.message ?? "Invalid request");
  }
  return parsed.data;
}
