import { Gift, PackagePlus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { requireAdmin } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage, SelectField, TextAreaField } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { rewardsPageAction } from "#app/reward-shop/reward-form.server.ts";
import { ArchiveRewardButton, RewardFormFields } from "#app/reward-shop/reward-form-fields.tsx";
import { rewardKindLabels } from "#app/reward-shop/reward-kinds.ts";
import {
  latestRewardStart,
  platformRewardKinds,
  rewardLimits,
} from "#app/reward-shop/reward-limits.ts";
import { RewardSummary } from "#app/reward-shop/reward-summary.tsx";
import {
  addRewardCodes,
  categoryChoices,
  type RewardOwner,
  rewardsOf,
} from "#app/reward-shop/rewards.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/admin-rewards";

export const headers = privatePageHeaders;

/**
 * /admin/rewards: Oja's own rewards in the reward shop (issue 23, decision 056): airtime, data
 * bundles and partner vouchers, each handing out one of the codes a partner issued. Admins make
 * them, top up their pools and archive them; to everyone else the page doesn't exist (404).
 */
export function meta() {
  return [{ title: "Rewards · Admin · Oja" }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const { db } = services(context);
  const today = lagosToday(new Date());
  const owner: RewardOwner = { kind: "platform", actorId: admin.id, request };
  const [rewards, categories] = await Promise.all([rewardsOf(db, owner), categoryChoices(db)]);
  return {
    rewards,
    categories,
    today,
    latestStart: latestRewardStart(today),
    created: url.searchParams.get("created"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const owner = { kind: "platform" as const, actorId: admin.id, request };
  return rewardsPageAction(context, request, owner, {
    createdPath: (rewardId) => `/admin/rewards?created=${rewardId}`,
    intent: "codes",
    async change(db, rewardId, form) {
      const result = await addRewardCodes(db, owner, rewardId, form);
      if (!result.ok) return result;
      const { added, skipped } = result;
      const repeats =
        skipped === 0
          ? ""
          : ` ${skipped.toLocaleString("en-NG")} ${skipped === 1 ? "was" : "were"} in the pool already, so skipped.`;
      return {
        ok: true,
        notice: `Added ${added.toLocaleString("en-NG")} ${added === 1 ? "code" : "codes"}.${repeats}`,
      };
    },
  });
}

const kindOptions = platformRewardKinds.map((kind) => ({
  value: kind,
  label: rewardKindLabels[kind],
}));

export default function AdminRewards({ loaderData, actionData }: Route.ComponentProps) {
  const { rewards, categories, today, latestStart, created } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sending = navigation.formData?.get("intent");
  const createErrors = actionData?.intent === "create" ? actionData.errors : {};
  const values = actionData?.values ?? {};
  const made = created && !actionData ? rewards.find((reward) => reward.id === created) : null;
  const toppedUp =
    actionData?.intent === "codes"
      ? rewards.find((reward) => reward.id === actionData.rewardId)
      : null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold text-ink">Rewards</h1>
        <p className="text-sm text-ink-muted">
          Oja's own rewards in the reward shop: airtime, data bundles and partner vouchers. Each
          redemption hands out one of the codes a partner issued, so what is left is the codes not
          handed out yet. Businesses' own rewards are theirs to run, in their console.
        </p>
      </div>
      {made ? (
        <FormMessage tone="success">
          Made: {made.name} is in the reward shop{" "}
          {made.startsOn > today ? `from ${formatDay(made.startsOn)}` : "now"}, with{" "}
          {made.stock ?? 0} codes.
        </FormMessage>
      ) : null}
      {actionData?.notice ? (
        <FormMessage tone="success">
          {toppedUp ? `${toppedUp.name}: ` : ""}
          {actionData.notice}
        </FormMessage>
      ) : null}
      {actionData?.errors.archive ? (
        <FormMessage tone="error">{actionData.errors.archive}</FormMessage>
      ) : null}

      <section aria-labelledby="rewards-list" className="space-y-3">
        <h2 id="rewards-list" className="text-xl font-semibold text-ink">
          Oja's rewards
        </h2>
        {rewards.length === 0 ? (
          <EmptyState title="No rewards of Oja's yet" icon={Gift}>
            Make one below with a partner's codes: "₦500 MTN airtime for 600 points", say.
          </EmptyState>
        ) : (
          <ul
            aria-label="Oja's rewards"
            className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
          >
            {rewards.map((reward) => {
              const codesError =
                actionData?.intent === "codes" && actionData.rewardId === reward.id
                  ? actionData.errors.codes
                  : undefined;
              const justAdded =
                actionData?.intent === "codes" && actionData.rewardId === reward.id
                  ? actionData.at
                  : undefined;
              return (
                <li key={reward.id} className="space-y-3 p-3 sm:p-4">
                  <RewardSummary
                    reward={reward}
                    today={today}
                    kindLabel={rewardKindLabels[reward.kind]}
                  >
                    {(reward.stock ?? 0).toLocaleString("en-NG")}{" "}
                    {reward.stock === 1 ? "code" : "codes"} left
                  </RewardSummary>
                  {reward.status === "active" ? (
                    <div className="flex flex-wrap items-start gap-3">
                      <details
                        className="min-w-0 flex-1 open:basis-full"
                        open={codesError !== undefined}
                      >
                        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-surface-sunken">
                          <PackagePlus aria-hidden="true" className="size-4" />
                          Add codes<span className="sr-only"> to {reward.name}</span>
                        </summary>
                        <Form
                          key={justAdded ?? "codes"}
                          method="post"
                          className="mt-3 space-y-3"
                          noValidate
                        >
                          <input type="hidden" name="intent" value="codes" />
                          <input type="hidden" name="reward" value={reward.id} />
                          <TextAreaField
                            label={
                              <>
                                Codes to add<span className="sr-only"> to {reward.name}</span>
                              </>
                            }
                            name="codes"
                            rows={4}
                            autoComplete="off"
                            spellCheck={false}
                            className="[&_textarea]:font-mono"
                            hint="One a line. Codes already in the pool are skipped."
                            error={codesError}
                          />
                          <Button type="submit" disabled={busy}>
                            {busy && sending === "codes" ? "Adding…" : "Add to the pool"}
                          </Button>
                        </Form>
                      </details>
                      <ArchiveRewardButton reward={reward} busy={busy} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <Form
        key={created ?? "new"}
        method="post"
        encType="multipart/form-data"
        className="space-y-5"
        noValidate
      >
        <input type="hidden" name="intent" value="create" />
        <FieldsetPanel
          title="Make a reward"
          intro="Days are Lagos days. Shoppers redeem it from its first day through its last, while codes are left."
        >
          {Object.keys(createErrors).length > 0 ? (
            <FormMessage tone="error">Nothing was made: fix the fields marked below.</FormMessage>
          ) : null}
          <SelectField
            label="Kind"
            name="kind"
            options={kindOptions}
            defaultValue={values.kind ?? "airtime"}
            hint="The reward shop's aisle it sits in."
            error={createErrors.kind}
          />
          <RewardFormFields
            values={values}
            errors={createErrors}
            today={today}
            latestStart={latestStart}
            nameExample="₦500 MTN airtime"
            descriptionHint="How to use the code: “Dial *311*PIN# from any MTN line.”"
            pictureHint="Wide works best; JPEG, PNG or WebP up to 8 MB. The partner's logo, say."
          >
            <SelectField
              label="Marketplace category (optional)"
              name="category"
              placeholder="None: only the reward shop lists it"
              options={categories}
              defaultValue={values.category ?? ""}
              hint="Shop-by-category pages (/shop/…) list it too."
              error={createErrors.category}
            />
            <TextAreaField
              label="The partner's codes"
              name="codes"
              rows={6}
              autoComplete="off"
              spellCheck={false}
              className="[&_textarea]:font-mono"
              defaultValue={values.codes}
              hint={`One a line: recharge PINs, data PINs or voucher codes, each ${rewardLimits.codeMin} to ${rewardLimits.codeMax} letters, digits or dashes; up to ${rewardLimits.maxCodesAtOnce.toLocaleString("en-NG")} at a time. Each redemption hands out one.`}
              error={createErrors.codes}
            />
          </RewardFormFields>
          <Button type="submit" disabled={busy}>
            <Gift aria-hidden="true" className="size-4" />
            {busy && sending === "create" ? "Making…" : "Make the reward"}
          </Button>
        </FieldsetPanel>
      </Form>
    </div>
  );
}
