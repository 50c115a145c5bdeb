import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** Shown whenever payments run against the Paystack simulator instead of Paystack. */
export function TestModeBanner() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root?.testMode) return null;
  return (
    <p className="bg-points-soft px-4 py-1.5 text-center text-xs font-medium text-ink">
      <strong>Test mode</strong> · payments use the Paystack simulator; no real money moves.
    </p>
  );
}
