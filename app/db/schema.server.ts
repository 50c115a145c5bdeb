// Every domain's tables, gathered for the Drizzle client and drizzle-kit.
export * from "../catalog/schema.server.ts";
