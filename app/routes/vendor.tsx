import { Construction, Store } from "lucide-react";
import { Link } from "react-router";
import { membershipsOf } from "#app/auth/memberships.server.ts";
import { businessRoleLabels } from "#app/auth/roles.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import type { Route } from "./+types/vendor";

export function meta() {
  return [{ title: "For businesses · Oja" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  return { memberships: await membershipsOf(db, user.id) };
}

/** The console's front door: the businesses I belong to; applying to list one comes in issue 7. */
export default function Vendor({ loaderData }: Route.ComponentProps) {
  const { memberships } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-ink">For businesses</h1>
      <p className="mt-2 text-ink-muted">Run the businesses you belong to, or list your own.</p>

      <section aria-labelledby="my-businesses" className="mt-8">
        <h2 id="my-businesses" className="text-lg font-semibold text-ink">
          Your businesses
        </h2>
        {memberships.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-line p-5 text-ink-muted">
            You don't belong to a business on Oja yet. When a business adds you as a member, it
            appears here.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {memberships.map((membership) => (
              <li key={membership.slug}>
                <Link
                  to={`/vendor/${membership.slug}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-surface-sunken"
                >
                  <Store aria-hidden="true" className="size-5 text-brand" />
                  <span className="flex-1 font-medium text-ink">{membership.name}</span>
                  <span className="rounded-full bg-surface-sunken px-2.5 py-0.5 text-xs font-medium text-ink">
                    {businessRoleLabels[membership.role]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="apply" className="mt-10">
        <h2 id="apply" className="text-lg font-semibold text-ink">
          List your business
        </h2>
        <p className="mt-3 inline-flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-sm text-ink-muted">
          <Construction aria-hidden="true" className="size-4" />
          Applying to list a business is being built and is not open yet.
        </p>
      </section>
    </div>
  );
}
