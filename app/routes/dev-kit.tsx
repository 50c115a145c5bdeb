import { lazy, type ReactNode, Suspense } from "react";
import { toast } from "#app/components/toast.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import type { Route } from "./+types/dev-kit";

/**
 * The UI kit: every component of app/components/ui in each of its states, in one place for the
 * browser tests and for people reviewing the design. Test mode only; 404 with live keys.
 */
// The heavier sections load on demand, which keeps the page light and gives the chunk-reload
// guard (app/updates/chunk-reload.ts) a real dynamic import to prove itself on.
const DatePickerKit = lazy(() =>
  import("#app/components/ui/date-picker/date-picker.kit.tsx").then((module) => ({
    default: module.DatePickerKit,
  })),
);
const MultiselectKit = lazy(() =>
  import("#app/components/ui/multiselect/multiselect.kit.tsx").then((module) => ({
    default: module.MultiselectKit,
  })),
);

const loading = <p className="text-sm text-ink-muted">Loading…</p>;

export function meta() {
  return [{ title: "UI kit · Oja" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  if (services(context).settings.paystack.mode !== "test") throw notFound(url);
  return null;
}

export function KitSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `kit-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function DevKit() {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">UI kit</h1>
      <KitSection title="Buttons">
        <div className="space-y-3">
          {(["primary", "secondary", "ghost", "danger"] as const).map((variant) => (
            <div key={variant} className="flex flex-wrap items-center gap-2">
              <Button variant={variant} size="sm">
                {variant} small
              </Button>
              <Button variant={variant}>{variant}</Button>
              <Button variant={variant} size="lg">
                {variant} large
              </Button>
              <Button variant={variant} disabled>
                {variant} disabled
              </Button>
            </div>
          ))}
          <ButtonLink to="/cart" variant="secondary">
            A link styled as a button
          </ButtonLink>
        </div>
      </KitSection>
      <KitSection title="Money">
        <ul className="space-y-1 text-ink">
          {[0, 150, 123_450, 45_000_000, 100_000_000_000].map((value) => (
            <li key={value}>
              <Money kobo={kobo(value)} />
            </li>
          ))}
        </ul>
      </KitSection>
      <KitSection title="Toasts">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => toast.success("Added to your cart")}>
            Success toast
          </Button>
          <Button variant="secondary" onClick={() => toast.error("Payment was declined")}>
            Error toast
          </Button>
          <Button variant="secondary" onClick={() => toast.info("Your voucher expires in 3 days")}>
            Info toast
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              toast("Review sent", { action: { label: "Undo", onClick: () => undefined } })
            }
          >
            Toast with an action
          </Button>
        </div>
      </KitSection>
      <KitSection title="Copy button">
        <div className="flex flex-wrap items-center gap-3">
          <code className="rounded bg-surface-sunken px-2 py-1 text-sm">
            https://oja.ng/invite/ADA7K2P
          </code>
          <CopyButton text="https://oja.ng/invite/ADA7K2P" what="referral link" />
        </div>
      </KitSection>
      <KitSection title="Date picker">
        <Suspense fallback={loading}>
          <DatePickerKit />
        </Suspense>
      </KitSection>
      <KitSection title="Multiselect">
        <Suspense fallback={loading}>
          <MultiselectKit />
        </Suspense>
      </KitSection>
    </div>
  );
}
