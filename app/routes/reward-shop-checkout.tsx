import { CircleCheck, Gift, Store } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { QrCode } from "#app/components/qr-code.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { services } from "#app/context.server.ts";
import { secretToken } from "#app/db/ids.ts";
import { notFound } from "#app/errors.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { formatPoints, pointsText, signedPoints } from "#app/points/points-text.ts";
import { qrImage } from "#app/qr.server.ts";
import { rewardCheckout } from "#app/reward-shop/checkout.server.ts";
import { redeemReward, redemptionOf } from "#app/reward-shop/redeem.server.ts";
import { fewLeft, rewardKindIcons } from "#app/reward-shop/reward-kind-icons.ts";
import { rewardKindLabels } from "#app/reward-shop/reward-kinds.ts";
import { rewardDetail } from "#app/reward-shop/shop.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { formatVoucherCode } from "#app/vouchers/voucher-code.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/reward-shop-checkout";

/**
 * /rewardShop/Checkout (shop layout): redeeming one reward (decision 056). `?reward={id}` shows
 * it with the balance before and after, and a Redeem form carrying a key made with the page, so a
 * press sent twice redeems once. The redemption redirects to `?redeemed={id}`, the code's own
 * view, which only its shopper can open (anyone else's is a 404, as an unknown one is). Without
 * either, the page sends the shopper to choose a reward. Guests sign in first and come back.
 */
export const headers = privatePageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const title =
    loaderData?.state === "redeemed"
      ? "Your reward"
      : loaderData?.state === "confirm"
        ? `Redeem ${loaderData.reward.name}`
        : "Redeem a reward";
  return [{ title: `${title} · Oja` }, { name: "robots", content: "noindex" }];
}

const idParam = z.string().trim().min(1).max(64).optional();
const querySchema = z.object({ reward: idParam, redeemed: idParam });

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse({
    reward: url.searchParams.get("reward") ?? undefined,
    redeemed: url.searchParams.get("redeemed") ?? undefined,
  });
  // A malformed id is as unknown as a made-up one.
  if (!parsed.success) throw notFound(url);
  const { reward: rewardId, redeemed } = parsed.data;
  const { db } = services(context);
  if (redeemed) {
    const user = requireUser(context, request);
    const redemption = await redemptionOf(db, user.id, redeemed);
    if (!redemption) throw notFound(url);
    const [wallet, reward] = await Promise.all([
      walletOf(db, user.id),
      rewardDetail(db, redemption.rewardId),
    ]);
    return data({
      state: "redeemed" as const,
      redemption: {
        ...redemption,
        // An Oja code reads in groups of four; a partner's PIN as the partner printed it.
        shownCode: redemption.business ? formatVoucherCode(redemption.code) : redemption.code,
      },
      qr: redemption.business ? qrImage(redemption.code, "Alphanumeric") : null,
      howToUse: reward?.description ?? "",
      balance: wallet.available,
    });
  }
  if (rewardId) {
    const user = requireUser(context, request);
    const checkout = await rewardCheckout(db, user.id, rewardId);
    if (!checkout) throw notFound(url);
    return data({ state: "confirm" as const, ...checkout, requestKey: secretToken() });
  }
  return data({ state: "choose" as const, signedIn: currentUser(context) !== null });
}

const redeemSchema = z.object({
  rewardId: z.string().max(64).default(""),
  requestKey: z.string().max(64).default(""),
});

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const parsed = redeemSchema.safeParse({
    rewardId: typeof form.rewardId === "string" ? form.rewardId : undefined,
    requestKey: typeof form.requestKey === "string" ? form.requestKey : undefined,
  });
  if (!parsed.success) {
    return data(
      {
        status: 400,
        errors: { form: "This page is out of date. Reload it and press Redeem again." },
      },
      { status: 400 },
    );
  }
  const result = await redeemReward(services(context).db, user.id, parsed.data);
  if (result.ok) {
    // The same press sent again finds its redemption and lands here too, debiting nothing.
    throw redirect(`/rewardShop/Checkout?redeemed=${encodeURIComponent(result.redemption.id)}`);
  }
  return data({ status: result.status, errors: result.errors }, { status: result.status });
}

export default function RewardShopCheckout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
      {loaderData.state === "choose" ? <ChooseReward /> : null}
      {loaderData.state === "confirm" ? (
        <Confirm
          checkout={loaderData}
          refused={actionData?.errors.form ?? null}
          refusedFinally={actionData?.status === 409}
        />
      ) : null}
      {loaderData.state === "redeemed" ? <Redeemed view={loaderData} /> : null}
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function ChooseReward() {
  return (
    <section
      aria-labelledby="choose-title"
      className="flex flex-col items-center rounded-card border border-line bg-surface px-6 py-10 text-center"
    >
      <Gift aria-hidden="true" className="size-10 text-points" />
      <h1 id="choose-title" className="mt-3 text-2xl font-extrabold text-ink">
        Choose a reward
      </h1>
      <p className="mt-2 max-w-md text-ink-muted">
        Pick a reward in the shop and press Redeem: you see what it costs and your points before and
        after, and get its code here at once.
      </p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/rewardShop">Go to the reward shop</ButtonLink>
        <ButtonLink to="/rewardShop/browse" variant="secondary">
          All rewards
        </ButtonLink>
      </div>
    </section>
  );
}

function Confirm({
  checkout,
  refused,
  refusedFinally,
}: {
  checkout: Extract<LoaderData, { state: "confirm" }>;
  refused: string | null;
  refusedFinally: boolean;
}) {
  const { reward, balance, after, refusal, requestKey } = checkout;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const Icon = rewardKindIcons[reward.kind];
  const blocked = refusal !== null || refusedFinally;
  const message = refused ?? refusal;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <Link to="/rewardShop" className="hover:underline">
          Reward shop
        </Link>{" "}
        / <span aria-current="page">Redeem</span>
      </nav>
      <article
        aria-labelledby="reward-title"
        className="overflow-hidden rounded-card border border-line bg-surface"
      >
        <div className="flex aspect-[2/1] items-center justify-center bg-points-soft">
          {reward.image ? (
            <ResponsiveImage
              image={{ ...reward.image, alt: reward.name }}
              sizes="(min-width: 672px) 640px, 100vw"
              priority
              className="size-full object-cover"
            />
          ) : reward.logo ? (
            <ResponsiveImage
              image={{ ...reward.logo, alt: reward.business?.name ?? "" }}
              sizes="112px"
              priority
              className="size-28 rounded-full border border-line bg-surface object-cover"
            />
          ) : (
            <Icon aria-hidden="true" className="size-16 text-points" />
          )}
        </div>
        <div className="space-y-3 p-5 sm:p-6">
          <p className="text-sm text-ink-muted">
            {rewardKindLabels[reward.kind]} ·{" "}
            {reward.business ? (
              <Link to={`/${reward.business.slug}`} className="hover:underline">
                {reward.business.name}
              </Link>
            ) : (
              "Oja"
            )}
          </p>
          <h1 id="reward-title" className="text-2xl font-extrabold tracking-tight text-ink">
            {reward.name}
          </h1>
          <p className="text-xl font-bold text-ink">
            <span aria-hidden="true" className="text-points">
              ★{" "}
            </span>
            {pointsText(reward.pointsCost)}
          </p>
          {reward.description ? (
            <p className="whitespace-pre-line text-ink">{reward.description}</p>
          ) : null}
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
            {reward.left !== null ? (
              <li className={reward.left <= fewLeft ? "font-semibold text-danger" : undefined}>
                {reward.left} left
              </li>
            ) : null}
            {reward.perShopperLimit !== null ? (
              <li>
                {reward.perShopperLimit === 1
                  ? "Once per shopper"
                  : `Up to ${reward.perShopperLimit} per shopper`}
              </li>
            ) : null}
            {reward.endsOn ? <li>Until {formatDay(reward.endsOn)}</li> : null}
          </ul>
        </div>
      </article>

      <section
        aria-labelledby="points-title"
        className="space-y-4 rounded-card border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="points-title" className="text-lg font-semibold text-ink">
          Your points
        </h2>
        <dl className="divide-y divide-line text-sm">
          <Row term="You have">{formatPoints(balance)}</Row>
          <Row term="This reward">{signedPoints(-reward.pointsCost)}</Row>
          <Row term="After redeeming" strong>
            {after === null ? "Not enough points" : formatPoints(after)}
          </Row>
        </dl>
        {message ? <FormMessage tone="error">{message}</FormMessage> : null}
        {after === null && refusal !== null ? (
          <p className="text-sm text-ink-muted">
            <Link to="/rewards" className="font-semibold text-brand-strong underline">
              Ways to earn points
            </Link>{" "}
            or{" "}
            <Link
              to="/rewardShop/browse?max=afford"
              className="font-semibold text-brand-strong underline"
            >
              rewards you can have now
            </Link>
            .
          </p>
        ) : null}
        <Form method="post" className="space-y-2">
          <input type="hidden" name="rewardId" value={reward.id} />
          <input type="hidden" name="requestKey" value={requestKey} />
          <Button type="submit" size="lg" disabled={blocked || busy} className="w-full">
            {busy ? "Redeeming…" : `Redeem for ${pointsText(reward.pointsCost)}`}
          </Button>
          <p className="text-center text-xs text-ink-muted">
            Points spent on a reward don't come back; its code is yours at once.
          </p>
        </Form>
      </section>
    </>
  );
}

function Row({ term, strong, children }: { term: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-ink-muted">{term}</dt>
      <dd className={strong ? "text-lg font-bold text-ink tabular-nums" : "text-ink tabular-nums"}>
        {children}
      </dd>
    </div>
  );
}

function Redeemed({ view }: { view: Extract<LoaderData, { state: "redeemed" }> }) {
  const { redemption, qr, howToUse, balance } = view;
  const business = redemption.business;
  const used = redemption.status === "used";
  return (
    <>
      <FormMessage tone="success">
        {used ? "This reward was handed over." : `Redeemed: ${redemption.name} is yours.`}
      </FormMessage>
      <section
        aria-labelledby="code-title"
        className="space-y-4 rounded-card border border-line bg-surface p-5 text-center sm:p-6"
      >
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-positive" />
        <h1 id="code-title" className="text-2xl font-extrabold tracking-tight text-ink">
          {redemption.name}
        </h1>
        <p className="text-sm text-ink-muted">
          {business ? (
            <>
              <Store aria-hidden="true" className="mr-1 inline size-4 align-[-2px]" />
              Show this code at{" "}
              <Link to={`/${business.slug}`} className="font-semibold text-ink hover:underline">
                {business.name}
              </Link>
              : their staff take it once.
            </>
          ) : (
            "Your code from Oja's partner:"
          )}
        </p>
        {qr && !used ? (
          <div className="flex justify-center">
            <QrCode
              image={qr}
              label={`QR code of reward ${redemption.shownCode}`}
              className="h-48 w-48"
            />
          </div>
        ) : null}
        <p
          className={`font-mono font-bold tracking-wider [overflow-wrap:anywhere] ${used ? "text-lg text-ink-muted" : "text-2xl text-ink sm:text-3xl"}`}
        >
          {redemption.shownCode}
        </p>
        <div className="flex justify-center">
          <CopyButton text={redemption.shownCode} what="reward code" />
        </div>
        {howToUse ? (
          <div className="rounded-lg bg-surface-muted p-4 text-left text-sm">
            <h2 className="font-semibold text-ink">How to use it</h2>
            <p className="mt-1 whitespace-pre-line text-ink">{howToUse}</p>
          </div>
        ) : null}
        <p className="text-xs text-ink-muted">Keep it private: whoever has the code can use it.</p>
      </section>
      <section className="flex flex-col gap-4 rounded-card border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-ink">
          You spent {pointsText(redemption.points)}. You have{" "}
          <strong className="tabular-nums">{formatPoints(balance)}</strong>{" "}
          {balance === 1 ? "point" : "points"} left.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ButtonLink to="/profile/rewards" variant="secondary">
            Your rewards
          </ButtonLink>
          <ButtonLink to="/rewardShop">Back to the shop</ButtonLink>
        </div>
      </section>
    </>
  );
}
