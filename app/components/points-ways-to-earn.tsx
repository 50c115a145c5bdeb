import { Gift, MapPinCheck, ShoppingBag, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatNaira } from "#app/money.ts";
import { pointsText } from "#app/points/points-text.ts";
import type { EarningRules } from "#app/points/rewards.server.ts";
import { leadsToPlaceholder, placeholderRoutes } from "#app/screens.ts";
import { StatusPill } from "./ui/status-pill.tsx";

/**
 * Every way to earn Oja points, with the numbers the code applies (EarningRules). A way whose
 * screen is not built yet says "Not open yet" instead of linking to a placeholder, and opens by
 * itself when its route leaves app/screens.ts.
 */
const referralsOpen = !leadsToPlaceholder("/Referrals");
const checkInsOpen = !(placeholderRoutes as readonly string[]).includes("/hi/:id");

const linkClass = "font-semibold text-brand-strong underline underline-offset-2";

/** `claimed`: this shopper's welcome bonus is taken; `undefined`: nobody is asking (public page). */
export function WaysToEarn({
  rules,
  welcomeClaimed,
}: {
  rules: EarningRules;
  welcomeClaimed?: boolean;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      <Way
        icon={ShoppingBag}
        title="Shop at any business"
        amount={`1 point per ${formatNaira(rules.koboPerPoint).replace(/\.00$/, "")}`}
        status={
          <Link to="/businesses" className={linkClass}>
            Find a business
          </Link>
        }
      >
        On what you pay at businesses on Oja, delivery fees aside. Pending at first, yours to spend{" "}
        {rules.approvalDays} days after payment; a refund takes them back.
      </Way>
      <Way
        icon={Gift}
        title="Welcome bonus"
        amount={`${pointsText(rules.welcomeBonusPoints)}, once`}
        status={
          welcomeClaimed ? (
            <StatusPill label="Claimed" tone="good" />
          ) : (
            <Link to="/first-rewards" className={linkClass}>
              Claim it
            </Link>
          )
        }
      >
        For every new shopper with a confirmed email address, spendable at once.
      </Way>
      <Way
        icon={Users}
        title="Invite a friend"
        amount={`${pointsText(rules.referralBonusPoints)} each`}
        status={
          referralsOpen ? (
            <Link to="/Referrals" className={linkClass}>
              Your invite link
            </Link>
          ) : (
            <StatusPill label="Not open yet" tone="neutral" />
          )
        }
      >
        You and your friend both earn them when their first order is paid.
      </Way>
      <Way
        icon={MapPinCheck}
        title="Check in at a business"
        amount={`${pointsText(rules.checkInPoints)} a day`}
        status={checkInsOpen ? null : <StatusPill label="Not open yet" tone="neutral" />}
      >
        Scan the Oja QR code when you visit: once a day at each business.
      </Way>
    </ul>
  );
}

function Way({
  icon: Icon,
  title,
  amount,
  status,
  children,
}: {
  icon: typeof Gift;
  title: string;
  amount: string;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-card border border-line bg-surface p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-points-soft">
        <Icon aria-hidden="true" className="size-5 text-points" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="text-lg font-bold text-ink">{amount}</p>
        <p className="text-sm text-ink-muted">{children}</p>
        {status ? <div className="pt-1 text-sm">{status}</div> : null}
      </div>
    </li>
  );
}
