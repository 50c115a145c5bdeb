import { clsx } from "clsx";
import { Gift } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FormMessage, LabelledControl } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { rewardsPageAction } from "#app/reward-shop/reward-form.server.ts";
import { ArchiveRewardButton, RewardFormFields } from "#app/reward-shop/reward-form-fields.tsx";
import { latestRewardStart, rewardLimits } from "#app/reward-shop/reward-limits.ts";
import { RewardSummary } from "#app/reward-shop/reward-summary.tsx";
import { type RewardOwner, rewardsOf, setRewardStock } from "#app/reward-shop/rewards.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/vendor-rewards";

/**
 * /vendor/{business}/rewards: the business's own rewards in Oja's reward shop (issue 23,
 * decision 056), "a free manicure for 1,500 points". Managers and owners make them, keep their
 * stock and archive them; a shopper who redeems one gets a code the staff take at the till
 * (/vendor/{business}/redeem). The server decides every rule and says which field broke it.
 */
export function meta() {
  return [{ title: "Rewards · Console · Oja" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { user, business } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const today = lagosToday(new Date());
  const owner: RewardOwner = {
    kind: "business",
    businessId: business.id,
    actorId: user.id,
    request,
  };
  return data(
    {
      rewards: await rewardsOf(db, owner),
      today,
      latestStart: latestRewardStart(today),
      created: url.searchParams.get("created"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, business } = await requireCatalogueManager(context, request, params.business);
  const owner = { kind: "business" as const, businessId: business.id, actorId: user.id, request };
  return rewardsPageAction(context, request, owner, {
    createdPath: (rewardId) => `/vendor/${business.slug}/rewards?created=${rewardId}`,
    intent: "stock",
    async change(db, rewardId, form) {
      const result = await setRewardStock(db, owner, rewardId, form);
      if (!result.ok) return result;
      return {
        ok: true,
        notice:
          result.stock === null
            ? "Saved: no limit on how many shoppers can have it."
            : `Saved: ${result.stock.toLocaleString("en-NG")} left.`,
      };
    },
  });
}

export default function VendorRewards({ loaderData, actionData }: Route.ComponentProps) {
  const { rewards, today, latestStart, created } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sending = navigation.formData?.get("intent");
  const createErrors = actionData?.intent === "create" ? actionData.errors : {};
  const made = created && !actionData ? rewards.find((reward) => reward.id === created) : null;
  return (
    <section aria-labelledby="rewards-heading" className="space-y-6">
      <div className="space-y-1">
        <h1 id="rewards-heading" className="text-xl font-semibold text-ink">
          Rewards
        </h1>
        <p className="text-sm text-ink-muted">
          What shoppers can spend their Oja points on at your business: "a free manicure for 1,500
          points", say. A shopper who redeems one gets a code; your staff take it at Redeem codes,
          once.
        </p>
      </div>
      {made ? (
        <FormMessage tone="success">
          Made: {made.name} is in the reward shop{" "}
          {made.startsOn > today ? `from ${formatDay(made.startsOn)}` : "now"}.
        </FormMessage>
      ) : null}
      {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
      {actionData?.errors.archive ? (
        <FormMessage tone="error">{actionData.errors.archive}</FormMessage>
      ) : null}
      {rewards.length === 0 ? (
        <EmptyState title="No rewards yet" icon={Gift}>
          Make one below: shoppers see it in the reward shop and on your category's page.
        </EmptyState>
      ) : (
        <ul
          aria-label="Your rewards"
          className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
        >
          {rewards.map((reward) => (
            <li key={reward.id} className="space-y-3 p-3 sm:p-4">
              <RewardSummary reward={reward} today={today}>
                {reward.stock === null
                  ? "No limit"
                  : `${reward.stock.toLocaleString("en-NG")} left`}
              </RewardSummary>
              {reward.status === "active" ? (
                <div className="flex flex-wrap items-start gap-3">
                  <Form method="post" className="min-w-0 flex-1 basis-56" noValidate>
                    <input type="hidden" name="intent" value="stock" />
                    <input type="hidden" name="reward" value={reward.id} />
                    <LabelledControl
                      label={
                        <>
                          How many are left<span className="sr-only"> of {reward.name}</span>
                        </>
                      }
                      error={
                        actionData?.intent === "stock" && actionData.rewardId === reward.id
                          ? actionData.errors.stock
                          : undefined
                      }
                      control={(wiring) => (
                        <div className="flex gap-2">
                          <input
                            {...wiring}
                            className={clsx(wiring.className, "max-w-32")}
                            name="stock"
                            inputMode="numeric"
                            autoComplete="off"
                            placeholder="No limit"
                            defaultValue={reward.stock ?? ""}
                          />
                          <Button type="submit" variant="secondary" disabled={busy}>
                            Set stock<span className="sr-only"> of {reward.name}</span>
                          </Button>
                        </div>
                      )}
                    />
                  </Form>
                  <ArchiveRewardButton reward={reward} busy={busy} className="mt-7" />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
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
          intro="Days are Lagos days. Shoppers redeem it from its first day through its last, while some is left."
        >
          {Object.keys(createErrors).length > 0 ? (
            <FormMessage tone="error">Nothing was made: fix the fields marked below.</FormMessage>
          ) : null}
          <RewardFormFields
            values={actionData?.values ?? {}}
            errors={createErrors}
            today={today}
            latestStart={latestStart}
            nameExample="Free manicure"
            descriptionHint="What the shopper gets and how: “One classic manicure, any weekday. Book ahead on 0803 000 0000.”"
            pictureHint="Wide works best; JPEG, PNG or WebP up to 8 MB. Without one, the shop shows your cover picture."
          >
            <Field
              label="How many to give (optional)"
              name="stock"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={actionData?.values?.stock}
              hint={`Up to ${rewardLimits.maxStock.toLocaleString("en-NG")}. Empty: no limit. You can change it later.`}
              error={createErrors.stock}
            />
          </RewardFormFields>
          <Button type="submit" disabled={busy}>
            <Gift aria-hidden="true" className="size-4" />
            {busy && sending === "create" ? "Making…" : "Make the reward"}
          </Button>
        </FieldsetPanel>
      </Form>
    </section>
  );
}
