import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** Shown whenever payments are not real: the Paystack simulator, or Paystack's test keys. */
export function TestModeBanner() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root?.testMode) return null;
  return (
    <p className="bg-points-soft px-4 py-1.5 text-center text-xs font-medium text-ink">
      <strong>Test mode</strong> · this site takes no real money. Use a test card.
    </p>
  );
}
