import { eq } from "drizzle-orm";
import { mailboxKey } from "#app/auth/mailbox.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { recordPoints, type Wallet } from "./ledger.server.ts";
import { pointsEntries } from "./schema.server.ts";

/**
 * The welcome bonus of /first-rewards (issue 20, decision 045): 200 points, spendable at once,
 * once per person. "Person" is the mailbox: the entry's cause is `welcome:{mailbox key}`, unique
 * across the ledger, so a second account opened with `j.doe+x@gmail.com` beside
 * `jdoe@gmail.com` finds the bonus taken. Only a confirmed address claims: otherwise anyone could
 * sign up with someone else's address (or a variant of it) and take that person's bonus first.
 */
export const welcomeBonusPoints = 200;

/** In the shopper's history. */
export const welcomeBonusNote = "Welcome bonus";

export interface WelcomeClaimant {
  id: string;
  email: string;
  emailVerified: boolean;
}

export type WelcomeClaim =
  | { status: "claimed"; wallet: Wallet }
  /** `byThisAccount` false: another account of the same mailbox claimed it. */
  | { status: "already-claimed"; byThisAccount: boolean; wallet: Wallet }
  | { status: "email-unconfirmed" };

const welcomeCause = (email: string) => `welcome:${mailboxKey(email)}`;

/** Who claimed the bonus of this person's mailbox, if anyone: one read by the unique cause. */
async function claimOf(executor: Executor, email: string) {
  const [entry] = await executor
    .select({ userId: pointsEntries.userId, createdAt: pointsEntries.createdAt })
    .from(pointsEntries)
    .where(eq(pointsEntries.cause, welcomeCause(email)));
  return entry ?? null;
}

/**
 * Credits the bonus in one transaction. The ledger takes care of the rest: the same cause twice
 * (a double click, 50 tabs at once, a second account of the same mailbox) writes nothing.
 */
export async function claimWelcomeBonus(
  db: Database,
  user: WelcomeClaimant,
  now = new Date(),
): Promise<WelcomeClaim> {
  if (!user.emailVerified) return { status: "email-unconfirmed" };
  return db.transaction(async (tx) => {
    const result = await recordPoints(
      tx,
      {
        userId: user.id,
        kind: "earn",
        availableDelta: welcomeBonusPoints,
        cause: welcomeCause(user.email),
        note: welcomeBonusNote,
      },
      now,
    );
    if (result.recorded) return { status: "claimed", wallet: result.wallet };
    const claim = await claimOf(tx, user.email);
    return {
      status: "already-claimed",
      byThisAccount: claim?.userId === user.id,
      wallet: result.wallet,
    };
  });
}

/** Whether this person's bonus is taken, for the pages: by this account or another of theirs. */
export async function welcomeClaimed(
  executor: Executor,
  user: Pick<WelcomeClaimant, "id" | "email">,
): Promise<{ claimed: false } | { claimed: true; byThisAccount: boolean; claimedAt: Date }> {
  const claim = await claimOf(executor, user.email);
  if (!claim) return { claimed: false };
  return { claimed: true, byThisAccount: claim.userId === user.id, claimedAt: claim.createdAt };
}
