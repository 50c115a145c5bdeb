// Every domain's tables, gathered for the Drizzle client and drizzle-kit.

export * from "../auth/schema.server.ts";
export * from "../catalog/schema.server.ts";
export * from "../checkins/schema.server.ts";
export * from "../console/schema.server.ts";
export * from "../delivery/schema.server.ts";
export * from "../email/schema.server.ts";
export * from "../follows/schema.server.ts";
export * from "../invoices/schema.server.ts";
export * from "../loyalty/schema.server.ts";
export * from "../orders/schema.server.ts";
export * from "../payouts/schema.server.ts";
export * from "../points/schema.server.ts";
export * from "../referrals/schema.server.ts";
export * from "../reviews/schema.server.ts";
export * from "../reward-shop/schema.server.ts";
export * from "../sales/schema.server.ts";
export * from "../vouchers/issued-schema.server.ts";
export * from "../vouchers/schema.server.ts";
