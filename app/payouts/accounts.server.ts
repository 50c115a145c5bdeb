import { eq, inArray } from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import {
  type PaymentProvider,
  PaymentProviderError,
  type Subaccount,
  type SubaccountInput,
} from "#app/payments/provider.server.ts";
import { z } from "#app/zod.ts";
import { bankByCode, nigerianBanks } from "./banks.ts";
import { payoutAccounts } from "./schema.server.ts";

/**
 * Where a business is paid (decision 026): its owner gives a bank account in the console, Oja
 * makes (or moves) the business's Paystack subaccount to it, and keeps the subaccount's code,
 * the bank and the account's last four digits. Checkout splits each business's share to it.
 */

export interface PayoutAccount {
  subaccountCode: string;
  bankCode: string;
  bankName: string;
  accountLast4: string;
  updatedAt: Date;
}

export async function payoutAccountOf(
  executor: Executor,
  businessId: string,
): Promise<PayoutAccount | null> {
  const [row] = await executor
    .select({
      subaccountCode: payoutAccounts.subaccountCode,
      bankCode: payoutAccounts.bankCode,
      bankName: payoutAccounts.bankName,
      accountLast4: payoutAccounts.accountLast4,
      updatedAt: payoutAccounts.updatedAt,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.businessId, businessId));
  return row ?? null;
}

/** The subaccount code of each business that has one; businesses without are left out. */
export async function payoutSubaccountsOf(
  executor: Executor,
  businessIds: readonly string[],
): Promise<Map<string, string>> {
  if (businessIds.length === 0) return new Map();
  const rows = await executor
    .select({
      businessId: payoutAccounts.businessId,
      subaccountCode: payoutAccounts.subaccountCode,
    })
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.businessId, [...businessIds]));
  return new Map(rows.map((row) => [row.businessId, row.subaccountCode]));
}

const bankCodes = nigerianBanks.map((bank) => bank.code) as [string, ...string[]];

/** The console's form: the bank from the list, the NUBAN typed with or without spaces. */
export const payoutAccountSchema = z.object({
  bankCode: z.enum(bankCodes, { message: "Choose your bank" }),
  accountNumber: z
    .string({ message: "Enter your 10-digit account number" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter your 10-digit account number")
        .regex(/^\d{10}$/, "An account number (NUBAN) is 10 digits"),
    ),
});

export type SavePayoutAccountResult =
  | { done: string }
  | { status: 400; errors: FieldErrors }
  /** Paystack could not be asked: nothing was changed. */
  | { status: 502; message: string };

export const paystackDownMessage =
  "Paystack can't be reached just now, so nothing was changed. Try again in a few minutes.";

/**
 * Saves the owner's bank account: validates it, creates the business's subaccount at Paystack
 * (or moves the existing one to the new account), then writes the row and its audit entry in
 * one transaction. The subaccount's `percentage_charge` is Oja's commission, the cut Paystack
 * would take for Oja if a payment ever named this subaccount without a split of its own.
 */
export async function savePayoutAccount(
  db: Database,
  payments: PaymentProvider,
  options: {
    business: { id: string; name: string };
    owner: { id: string; email: string };
    commissionRateBp: number;
    form: FormData;
    request: Request;
  },
): Promise<SavePayoutAccountResult> {
  const { business, owner, commissionRateBp, form, request } = options;
  const parsed = payoutAccountSchema.safeParse({
    bankCode: form.get("bankCode") ?? "",
    accountNumber: form.get("accountNumber") ?? "",
  });
  if (!parsed.success) return { status: 400, errors: fieldErrors(parsed.error) };
  const { bankCode, accountNumber } = parsed.data;
  const bank = bankByCode(bankCode);
  if (!bank) return { status: 400, errors: { bankCode: "Choose your bank" } };
  const input: SubaccountInput = {
    businessName: business.name,
    bankCode,
    accountNumber,
    percentageCharge: commissionRateBp / 100,
    primaryContactEmail: owner.email,
  };
  const existing = await payoutAccountOf(db, business.id);
  let subaccount: Subaccount;
  try {
    subaccount = await subaccountFor(payments, existing?.subaccountCode ?? null, input);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.code === "rejected") {
      // Paystack refuses an account it can't resolve with the bank: the owner's fix is the
      // number or the bank, so it is said at the number.
      return {
        status: 400,
        errors: {
          accountNumber: `Paystack couldn't confirm this account at ${bank.shortName}. Check the number and the bank.`,
        },
      };
    }
    return { status: 502, message: paystackDownMessage };
  }
  const now = new Date();
  const row = {
    subaccountCode: subaccount.subaccountCode,
    bankCode,
    bankName: bank.shortName,
    accountLast4: accountNumber.slice(-4),
    setBy: owner.id,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(payoutAccounts)
      .values({ businessId: business.id, ...row, createdAt: now })
      .onConflictDoUpdate({ target: payoutAccounts.businessId, set: row });
    await recordAudit(tx, {
      action: "business.payout-account-set",
      actorId: owner.id,
      subjectId: business.id,
      // Never the whole account number: the audit log is read by admins.
      details: { bank: bank.shortName, last4: row.accountLast4, replaced: existing !== null },
      ...auditSource(request),
    });
  });
  return {
    done: `Saved. Paystack pays your share of each order to ${bank.shortName} ••••${row.accountLast4}.`,
  };
}

/**
 * A new subaccount, or the business's existing one moved to the new account (so the orders
 * already split to its code follow it). One deleted at Paystack meanwhile is made again.
 */
async function subaccountFor(
  payments: PaymentProvider,
  existingCode: string | null,
  input: SubaccountInput,
): Promise<Subaccount> {
  if (existingCode) {
    try {
      return await payments.updateSubaccount(existingCode, input);
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.code !== "not_found") throw error;
    }
  }
  return payments.createSubaccount(input);
}
