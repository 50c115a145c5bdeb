import { createHash, timingSafeEqual } from "node:crypto";
import type { Settings } from "#app/config.server.ts";

/** The header the test suite sends its token in (TEST_HOOKS_TOKEN). */
export const testHooksHeader = "x-oja-test-token";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether a request may use test mode's hooks: the simulator's /_paystack/_test (it completes any
 * payment and lists shoppers' emails) and /dev/mailbox (everyone's emails, links included). Only
 * in test mode, and only for a signed-in admin or the test suite with its token (issue 16);
 * everyone else gets the 404 of a page that isn't there.
 */
export function mayUseTestHooks(
  settings: { paystack: Pick<Settings["paystack"], "mode">; testHooksToken?: string },
  caller: { isAdmin: boolean; token: string | null | undefined },
): boolean {
  if (settings.paystack.mode !== "test") return false;
  if (caller.isAdmin) return true;
  const expected = settings.testHooksToken;
  if (!expected || !caller.token) return false;
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(caller.token), digest(expected));
}
