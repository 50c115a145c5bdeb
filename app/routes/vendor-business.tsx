import { clsx } from "clsx";
import { NavLink, Outlet } from "react-router";
import { membershipsOf } from "#app/auth/memberships.server.ts";
import { businessRoleLabels, hasBusinessRole } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { consoleSections } from "#app/console/console-sections.ts";
import { services } from "#app/context.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/vendor-business";

export const headers = privatePageHeaders;

/**
 * /vendor/{business}: the console's frame for one business (issue 7): its name, the member's
 * role, a switcher for people in several businesses, and the sections their role may open.
 * Members only; anyone else, admins included, gets 404. Each section's own loader and action
 * check the role again: this frame only decides what the menu shows.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.business.name ?? "Business"} · Console · Oja` }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "staff",
  );
  const memberships = await membershipsOf(services(context).db, user.id);
  return {
    business: {
      id: membership.businessId,
      name: membership.name,
      slug: membership.slug,
    },
    role: membership.role,
    otherBusinesses: memberships
      .filter((other) => other.slug !== membership.slug)
      .map((other) => ({ slug: other.slug, name: other.name })),
  };
}

export type ConsoleData = Route.ComponentProps["loaderData"];

export default function VendorBusiness({ loaderData }: Route.ComponentProps) {
  const { business, role, otherBusinesses } = loaderData;
  const sections = consoleSections.filter((section) => hasBusinessRole(role, section.minimum));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3 border-b border-line pb-4">
        <div>
          <p className="text-sm font-medium text-ink-muted">
            Console · you are {businessRoleLabels[role].toLowerCase()}
          </p>
          <p className="mt-0.5 text-2xl font-bold text-ink">{business.name}</p>
        </div>
        {otherBusinesses.length > 0 ? (
          <nav aria-label="Your other businesses" className="text-sm">
            <details className="relative">
              <summary className="cursor-pointer rounded-lg border border-line px-3 py-2 font-medium text-ink hover:bg-surface-sunken">
                Switch business
              </summary>
              <ul className="absolute right-0 z-10 mt-1 min-w-56 rounded-lg border border-line bg-surface py-1 shadow-lg">
                {otherBusinesses.map((other) => (
                  <li key={other.slug}>
                    <a
                      href={`/vendor/${other.slug}`}
                      className="block px-3 py-2 text-ink hover:bg-surface-sunken"
                    >
                      {other.name}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </nav>
        ) : null}
      </header>
      <div className="mt-4 grid gap-6 md:grid-cols-[12rem_1fr]">
        <nav aria-label="Console" className="min-w-0 md:pt-2">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {sections.map((section) => (
              <li key={section.path} className="shrink-0">
                <NavLink
                  to={`/vendor/${business.slug}${section.path ? `/${section.path}` : ""}`}
                  // A section's own pages keep it current (an order under Orders), unless they
                  // are another section (Bank account under Payouts).
                  end={
                    section.path === "" ||
                    consoleSections.some((other) => other.path.startsWith(`${section.path}/`))
                  }
                  className={({ isActive }) =>
                    clsx(
                      "block rounded-lg px-3 py-2 text-sm font-medium",
                      isActive
                        ? "bg-brand-soft text-brand-strong"
                        : "text-ink hover:bg-surface-sunken",
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
            <li className="shrink-0">
              <a
                href={`/${business.slug}`}
                className="block rounded-lg px-3 py-2 text-sm text-ink-muted hover:bg-surface-sunken"
              >
                Public page
              </a>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
