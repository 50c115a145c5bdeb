import { Construction } from "lucide-react";
import { useConsole } from "./vendor-business.tsx";

/** /vendor/{business}: the dashboard (today's and this week's orders, what needs attention). */
export default function VendorDashboard() {
  const { business } = useConsole();
  return (
    <section aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading" className="text-xl font-semibold text-ink">
        Dashboard
      </h1>
      <p className="mt-4 inline-flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-sm text-ink-muted">
        <Construction aria-hidden="true" className="size-4" />
        {business.name}'s orders, products and members are being built into this console and are not
        open yet.
      </p>
    </section>
  );
}
