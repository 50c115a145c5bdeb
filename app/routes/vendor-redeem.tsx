import { CircleCheck, Gift, ScanLine, Ticket } from "lucide-react";
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { auditSource } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { kobo, parseNaira } from "#app/money.ts";
import { pointsText } from "#app/points/points-text.ts";
// Not a React hook, whatever its name says: the lint's hook rule goes by the "use" prefix.
import {
  useRewardCode as handOverRewardCode,
  type RewardAtTill,
} from "#app/reward-shop/redeem.server.ts";
import { lookUpCodeAtTill, tillMessages } from "#app/reward-shop/till.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import {
  lookUpVoucher,
  redeemVoucher,
  type VoucherAtTill,
} from "#app/vouchers/redemption.server.ts";
import { formatVoucherCode } from "#app/vouchers/voucher-code.ts";
import type { Route } from "./+types/vendor-redeem";

/**
 * /vendor/{business}/redeem: staff and up take a customer's voucher (issue 19, decision 041) or
 * the code of one of the business's rewards from the reward shop (issue 23, decision 056).
 * Type the code, or scan its QR where the browser can; a voucher shows what it is worth today
 * and is redeemed in all or in part; a reward is handed over, once. Every use is audited and
 * shows in the shopper's history.
 */
export function meta() {
  return [{ title: "Redeem codes · Console · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireBusinessMember(context, request, params.business, "staff");
  return data({}, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * What the page shows after a post: the voucher or reward looked up, redeemed or handed over,
 * and any refusal.
 */
interface ActionResult {
  intent: "look-up" | "redeem" | "use-reward";
  voucher?: VoucherAtTill;
  reward?: RewardAtTill;
  errors?: FieldErrors;
  message?: string;
  redeemedKobo?: number;
  handedOver?: boolean;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "staff",
  );
  const { db } = services(context);
  const form = await request.formData();
  const code = String(form.get("code") ?? "").slice(0, 100);
  const intent = form.get("intent");
  if (intent === "look-up") {
    const found = await lookUpCodeAtTill(db, membership.businessId, code);
    if (!found.ok) {
      return data<ActionResult>({ intent, errors: found.errors }, { status: found.status });
    }
    return data<ActionResult>({ intent, ...found });
  }
  if (intent === "use-reward") {
    const used = await handOverRewardCode(
      db,
      { businessId: membership.businessId, actorId: user.id, request },
      code,
    );
    if (used.ok) return data<ActionResult>({ intent, reward: used.reward, handedOver: true });
    if (used.status === 409) {
      return data<ActionResult>(
        { intent, reward: used.reward, message: used.message },
        { status: 409 },
      );
    }
    return data<ActionResult>(
      { intent: "look-up", errors: { code: tillMessages.unknown } },
      { status: 404 },
    );
  }
  if (intent !== "redeem") {
    return data<ActionResult>(
      { intent: "look-up", errors: { code: "Look the code up first." } },
      { status: 400 },
    );
  }
  let amountKobo: number | null = null;
  if (form.get("scope") === "part") {
    amountKobo = parseNaira(String(form.get("amount") ?? "").trim());
    if (amountKobo === null) {
      const found = await lookUpVoucher(db, membership.businessId, code);
      return data<ActionResult>(
        {
          intent,
          voucher: found.ok ? found.voucher : undefined,
          errors: { amount: "Enter naira with at most two decimals, like 2500.50" },
        },
        { status: 400 },
      );
    }
  }
  const result = await redeemVoucher(
    db,
    { businessId: membership.businessId, actorId: user.id, source: auditSource(request) },
    { code, amountKobo, requestKey: String(form.get("requestKey") ?? "") },
  );
  if (result.ok) {
    return data<ActionResult>({ intent, voucher: result.voucher, redeemedKobo: result.amountKobo });
  }
  if (result.status === 409) {
    return data<ActionResult>(
      { intent, voucher: result.voucher, message: result.message },
      { status: 409 },
    );
  }
  // A refused amount keeps the voucher on screen beside its field.
  const found = await lookUpVoucher(db, membership.businessId, code);
  return data<ActionResult>(
    { intent, voucher: found.ok ? found.voucher : undefined, errors: result.errors },
    { status: result.status },
  );
}

const statusLooks = {
  active: { label: "Can be used", tone: "good" },
  redeemed: { label: "Used", tone: "neutral" },
  expired: { label: "Past its end", tone: "neutral" },
  refunded: { label: "Refunded", tone: "bad" },
} as const;

interface ScannerProps {
  onCode: (code: string) => void;
  onClose: () => void;
}

/** The camera scanner, fetched on the first press of "Scan": most visits never need it. */
function loadScanner(): Promise<ComponentType<ScannerProps>> {
  return import("#app/vouchers/code-scanner.tsx").then((module) => module.CodeScanner);
}

export default function VendorRedeem() {
  const { business } = useConsole();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [Scanner, setScanner] = useState<ComponentType<ScannerProps>>();
  const lookUpForm = useRef<HTMLFormElement>(null);
  // Whether this browser can scan QR codes itself is only known in it.
  const [scanAvailable, setScanAvailable] = useState(false);
  useEffect(() => {
    setScanAvailable("BarcodeDetector" in window && Boolean(navigator.mediaDevices));
  }, []);
  const closeScanner = useCallback(() => setScanner(undefined), []);
  // A scanned code is looked up at once, as if typed and sent.
  const scanned = useCallback((value: string) => {
    setScanner(undefined);
    const form = lookUpForm.current;
    const field = form?.elements.namedItem("code");
    if (field instanceof HTMLInputElement) field.value = value;
    form?.requestSubmit();
  }, []);
  const voucher = result?.voucher;
  const reward = result?.reward;
  const errors = result?.errors ?? {};
  const shownCode = voucher?.code ?? (reward ? formatVoucherCode(reward.code) : "");
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-ink">Redeem codes</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Take the customer's code (on their phone or their email). A voucher shows what it is worth
          today, to redeem all of it or a part; a reward from the reward shop is handed over once.
          Only {business.name}'s vouchers and rewards are found here.
        </p>
      </div>
      <Form
        ref={lookUpForm}
        method="post"
        className="space-y-3 rounded-xl border border-line bg-surface p-4"
      >
        <input type="hidden" name="intent" value="look-up" />
        <Field
          label="Voucher or reward code"
          name="code"
          defaultValue={shownCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="7KQM-2XPD-H9TW-4RBN"
          error={errors.code}
          hint="16 letters and digits; dashes and spaces are fine."
          required
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            <Ticket aria-hidden="true" className="size-4" />
            {busy && navigation.formData?.get("intent") === "look-up" ? "Looking up…" : "Look up"}
          </Button>
          {scanAvailable ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => void loadScanner().then((component) => setScanner(() => component))}
            >
              <ScanLine aria-hidden="true" className="size-4" /> Scan the QR code
            </Button>
          ) : null}
        </div>
        {Scanner ? <Scanner onCode={scanned} onClose={closeScanner} /> : null}
      </Form>

      {result?.redeemedKobo && voucher ? (
        <FormMessage tone="success">
          <CircleCheck aria-hidden="true" className="mr-1 inline size-4" />
          Redeemed <Money kobo={kobo(result.redeemedKobo)} />.{" "}
          {voucher.redeemableKobo > 0 ? (
            <>
              <Money kobo={kobo(voucher.redeemableKobo)} /> is left on it.
            </>
          ) : (
            "Nothing is left on it."
          )}
        </FormMessage>
      ) : null}
      {result?.handedOver && reward ? (
        <FormMessage tone="success">
          Handed over: {reward.name}
          {reward.holder ? ` for ${reward.holder}` : ""}. The code can't be used again.
        </FormMessage>
      ) : null}
      {(result?.intent === "redeem" || result?.intent === "use-reward") && result.message ? (
        <FormMessage tone="error">{result.message}</FormMessage>
      ) : null}

      {voucher ? <VoucherDecision voucher={voucher} errors={errors} busy={busy} /> : null}
      {reward ? <RewardDecision reward={reward} busy={busy} /> : null}
    </div>
  );
}

const rewardStatusLooks = {
  issued: { label: "Not used yet", tone: "good" },
  used: { label: "Handed over", tone: "neutral" },
} as const;

/** A business reward's code at the till: whose it is, what it cost, and the one press. */
function RewardDecision({ reward, busy }: { reward: RewardAtTill; busy: boolean }) {
  const navigation = useNavigation();
  const handingOver = busy && navigation.formData?.get("intent") === "use-reward";
  return (
    <section
      aria-labelledby="reward-title"
      className="space-y-4 rounded-xl border border-line bg-surface p-4"
      data-testid="reward-at-till"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-ink-muted">
            <Gift aria-hidden="true" className="size-4" /> Reward from the reward shop
          </p>
          <h2 id="reward-title" className="text-lg font-semibold text-ink">
            {reward.name}
          </h2>
          <p className="font-mono text-sm text-ink-muted">{formatVoucherCode(reward.code)}</p>
          {reward.holder ? <p className="text-sm text-ink-muted">For {reward.holder}</p> : null}
        </div>
        <StatusPill {...rewardStatusLooks[reward.status]} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-ink-muted">Paid with</dt>
          <dd className="font-semibold text-ink">{pointsText(reward.points)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Issued</dt>
          <dd className="font-semibold text-ink">{formatLagosTime(new Date(reward.issuedAt))}</dd>
        </div>
        {reward.usedAt ? (
          <div>
            <dt className="text-ink-muted">Handed over</dt>
            <dd className="font-semibold text-ink">{formatLagosTime(new Date(reward.usedAt))}</dd>
          </div>
        ) : null}
      </dl>
      {reward.status === "issued" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="use-reward" />
          <input type="hidden" name="code" value={reward.code} />
          <Button type="submit" size="lg" disabled={busy}>
            {handingOver ? "Handing over…" : "Hand over"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function VoucherDecision({
  voucher,
  errors,
  busy,
}: {
  voucher: VoucherAtTill;
  errors: FieldErrors;
  busy: boolean;
}) {
  const { business } = useConsole();
  const [scope, setScope] = useState<"all" | "part">(errors.amount ? "part" : "all");
  return (
    <section
      aria-labelledby="voucher-title"
      className="space-y-4 rounded-xl border border-line bg-surface p-4"
      data-testid="voucher-at-till"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="voucher-title" className="text-lg font-semibold text-ink">
            {voucher.title}
          </h2>
          <p className="font-mono text-sm text-ink-muted">{voucher.code}</p>
          {voucher.holder ? (
            <p className="text-sm text-ink-muted">
              Held by {voucher.holder}
              {voucher.holderId ? (
                <>
                  {" · "}
                  <Link
                    to={`/${business.slug}/rewards/${voucher.holderId}`}
                    className="font-medium text-brand-strong underline"
                  >
                    Loyalty card
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <StatusPill {...statusLooks[voucher.status]} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-ink-muted">Can be used today</dt>
          <dd className="text-lg font-bold text-ink">
            <Money kobo={kobo(voucher.redeemableKobo)} />
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Worth</dt>
          <dd className="font-semibold text-ink">
            <Money kobo={kobo(voucher.valueKobo)} /> (paid <Money kobo={kobo(voucher.priceKobo)} />)
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Valid until</dt>
          <dd className="font-semibold text-ink">{formatDay(voucher.validUntil)}</dd>
        </div>
      </dl>
      {voucher.pastEnd && voucher.redeemableKobo > 0 ? (
        <p className="rounded-lg bg-points-soft px-3 py-2 text-sm text-ink">
          Past its end date: the saving is gone, but what the customer paid stays as credit. They
          can use <Money kobo={kobo(voucher.redeemableKobo)} />.
        </p>
      ) : null}
      {voucher.redeemableKobo > 0 ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="redeem" />
          <input type="hidden" name="code" value={voucher.code} />
          <input type="hidden" name="requestKey" value={voucher.requestKey} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">How much to redeem</legend>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="scope"
                value="all"
                checked={scope === "all"}
                onChange={() => setScope("all")}
              />
              <span>
                All of it (<Money kobo={kobo(voucher.redeemableKobo)} />)
              </span>
            </label>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="scope"
                value="part"
                checked={scope === "part"}
                onChange={() => setScope("part")}
              />
              A part of it
            </label>
          </fieldset>
          {scope === "part" ? (
            <Field
              label="Amount (₦)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              error={errors.amount}
              required
            />
          ) : null}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Redeeming…" : "Redeem"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
