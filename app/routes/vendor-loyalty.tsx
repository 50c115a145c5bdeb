import { data, Form, useNavigation } from "react-router";
import { fieldErrors } from "#app/auth/forms.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import {
  endProgram,
  loyaltyProgramSchema,
  programOf,
  saveProgram,
} from "#app/loyalty/loyalty.server.ts";
import type { Route } from "./+types/vendor-loyalty";

/**
 * /vendor/{business}/loyalty: the business's stamp reward (issue 20, decision 049), "every 10th
 * visit: a free pedicure". Managers and up set it, change it or end it; customers' cards show it
 * at once, and staff give it from a full card.
 */
export function meta() {
  return [{ title: "Loyalty card · Console · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "manager");
  return data(
    { program: await programOf(services(context).db, membership.businessId) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "manager");
  const { db } = services(context);
  const form = await request.formData();
  if (form.get("intent") === "end") {
    await endProgram(db, membership.businessId);
    return { errors: {}, saved: "ended" as const };
  }
  const parsed = loyaltyProgramSchema.safeParse({
    stampsNeeded: form.get("stampsNeeded"),
    reward: form.get("reward"),
  });
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), saved: null }, { status: 400 });
  }
  await saveProgram(db, membership.businessId, parsed.data);
  return { errors: {}, saved: "saved" as const };
}

export default function VendorLoyalty({ loaderData, actionData }: Route.ComponentProps) {
  const { program } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="max-w-xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-xl font-bold text-ink">Loyalty card</h1>
        <p className="text-ink-muted">
          Every customer has a card here: the points they earned with you and their visits (days
          with a check-in or a paid order). Add a stamp reward to bring them back.
        </p>
      </div>
      {actionData?.saved === "saved" ? (
        <FormMessage tone="success">Saved: customers' cards show the reward now.</FormMessage>
      ) : null}
      {actionData?.saved === "ended" ? (
        <FormMessage tone="success">
          The stamp reward has ended. Cards keep their points and visits.
        </FormMessage>
      ) : null}
      <Form
        method="post"
        className="space-y-4 rounded-xl border border-line bg-surface p-4"
        noValidate
      >
        <Field
          label="Visits that fill the card"
          name="stampsNeeded"
          type="number"
          inputMode="numeric"
          min={2}
          max={50}
          required
          defaultValue={program?.stampsNeeded ?? 10}
          error={errors.stampsNeeded}
          hint="Between 2 and 50. A day counts once, however many times they come."
        />
        <Field
          label="What a full card gets"
          name="reward"
          required
          maxLength={80}
          defaultValue={program?.reward ?? ""}
          placeholder="A free pedicure"
          error={errors.reward}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            {program ? "Save changes" : "Start the stamp reward"}
          </Button>
          {program ? (
            <Button type="submit" name="intent" value="end" variant="secondary" disabled={busy}>
              End the stamp reward
            </Button>
          ) : null}
        </div>
      </Form>
      <p className="text-sm text-ink-muted">
        Staff give the reward from the customer's card: it opens from a voucher at Redeem codes, or
        from the link the customer shows you.
      </p>
    </div>
  );
}
