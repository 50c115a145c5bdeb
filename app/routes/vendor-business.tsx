import { Construction } from "lucide-react";
import { businessRoleLabels } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/vendor-business";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.business.name ?? "Business"} · Console · Oja` }];
}

/** A business's console: members only; anyone else, admins included, gets 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "staff");
  return { business: { name: membership.name, slug: membership.slug }, role: membership.role };
}

export default function VendorBusiness({ loaderData }: Route.ComponentProps) {
  const { business, role } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-medium text-ink-muted">
        Console · you are {businessRoleLabels[role].toLowerCase()}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-ink">{business.name}</h1>
      <p className="mt-6 inline-flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-sm text-ink-muted">
        <Construction aria-hidden="true" className="size-4" />
        The console (orders, products, collections, members) is being built and is not open yet.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={`/${business.slug}`} variant="secondary">
          See the public page
        </ButtonLink>
        <ButtonLink to="/vendor" variant="ghost">
          All my businesses
        </ButtonLink>
      </div>
    </div>
  );
}
