import { Landmark } from "lucide-react";
import { data, Form } from "react-router";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { Field, SelectField } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import { ConsoleFormOutcome, ConsoleSaveBar, useConsoleForm } from "#app/console/console-form.tsx";
import { services } from "#app/context.server.ts";
import { payoutAccountOf, savePayoutAccount } from "#app/payouts/accounts.server.ts";
import { accountLabel, nigerianBanks } from "#app/payouts/banks.ts";
import type { Route } from "./+types/vendor-payout-account";

/**
 * /vendor/{business}/payouts/account: the bank account the business is paid to (issue 15,
 * decision 026). Saving it makes the business's Paystack subaccount, so checkout sends the
 * business's share of each payment straight to it. Owners only: managers, staff and everyone
 * else get 404 for the page and its action alike.
 */
export function meta() {
  return [{ title: "Bank account · Console · Oja" }, { name: "robots", content: "noindex" }];
}

const bankOptions = nigerianBanks.map((bank) => ({ value: bank.code, label: bank.name }));

/** "5%", "7.25%": the rate in settings, as people say it. */
function percentText(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString("en-NG", { maximumFractionDigits: 2 })}%`;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "owner");
  const { db, settings } = services(context);
  const account = await payoutAccountOf(db, membership.businessId);
  return data(
    {
      name: membership.name,
      account: account ? { label: accountLabel(account), bankCode: account.bankCode } : null,
      commission: percentText(settings.commissionRateBp),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "owner",
  );
  const { db, payments, settings } = services(context);
  const result = await savePayoutAccount(db, payments, {
    business: { id: membership.businessId, name: membership.name },
    owner: { id: user.id, email: user.email },
    commissionRateBp: settings.commissionRateBp,
    form: await request.formData(),
    request,
  });
  if ("errors" in result) return data({ errors: result.errors }, { status: result.status });
  // Paystack didn't answer: a message about the whole form, the fields as they were.
  if ("message" in result) {
    return data({ errors: { form: result.message } }, { status: result.status });
  }
  return { done: result.done };
}

export default function VendorPayoutAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { account, commission, name } = loaderData;
  const { busy, errors, done } = useConsoleForm(actionData);
  return (
    <section aria-labelledby="payout-account-heading" className="space-y-5">
      <div>
        <h1 id="payout-account-heading" className="text-xl font-semibold text-ink">
          Bank account
        </h1>
        <p className="mt-1 text-sm text-ink-muted">Where {name} is paid for its orders.</p>
      </div>
      <ConsoleFormOutcome errors={errors} done={done} summary={errors.form} />
      <div
        className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
        data-testid="payout-account"
      >
        <Landmark aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-semibold text-ink">
            {account ? (
              <>
                Paid to <span className="whitespace-nowrap">{account.label}</span>
              </>
            ) : (
              "No bank account yet"
            )}
          </h2>
          <p className="text-sm text-ink-muted">
            {account
              ? `When a shopper pays, Paystack sends your share of the order straight to this account: the items less Oja's ${commission} commission, and the whole delivery fee.`
              : `Until you add one, Oja receives each payment and pays your share (the items less Oja's ${commission} commission, and the whole delivery fee) to you by bank transfer.`}
          </p>
        </div>
      </div>
      {/* Remounted once an account is saved, so the typed number doesn't linger on the page. */}
      <Form key={account?.label ?? "none"} method="post" className="space-y-5" noValidate>
        <FieldsetPanel
          title={account ? "Change the bank account" : "Add your bank account"}
          intro="Use an account in your business's name. Paystack checks it with the bank before anything changes; Oja keeps only its last four digits."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Bank"
              name="bankCode"
              options={bankOptions}
              placeholder="Choose your bank"
              defaultValue={account?.bankCode ?? ""}
              error={errors.bankCode}
            />
            <Field
              label="Account number"
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              hint="The 10-digit NUBAN, as your bank app or statement shows it."
              error={errors.accountNumber}
            />
          </div>
        </FieldsetPanel>
        <ConsoleSaveBar busy={busy}>
          {busy ? "Checking with Paystack…" : account ? "Change bank account" : "Save bank account"}
        </ConsoleSaveBar>
      </Form>
    </section>
  );
}
