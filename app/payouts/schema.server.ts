import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/**
 * Where a business is paid (issue 15, decision 026): its Paystack subaccount, made from the bank
 * account its owner gives in the console. Checkout sends each business's share of a payment to
 * its subaccount (a split); a business without one is paid by Oja from the main account.
 *
 * Only the last four digits of the account number are kept: Paystack holds the whole number, and
 * the console only ever needs to say which account it is.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    businessId: text("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Paystack's code for the subaccount, `ACCT_…`. */
    subaccountCode: text("subaccount_code").notNull(),
    /** The bank's code in Paystack's list of banks (NIBSS codes, e.g. "058"). */
    bankCode: text("bank_code").notNull(),
    bankName: text("bank_name").notNull(),
    accountLast4: text("account_last4").notNull(),
    /** The owner who last set it; kept when they leave, for the record. */
    setBy: text("set_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("payout_accounts_subaccount_key").on(table.subaccountCode),
    check("payout_accounts_last4", sql`${table.accountLast4} ~ '^[0-9]{4}$'`),
  ],
);
