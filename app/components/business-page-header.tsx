import { clsx } from "clsx";
import { Link, NavLink } from "react-router";
import type { BusinessProfile } from "#app/catalog/catalog.server.ts";
import { TrustScoreLine } from "#app/reviews/trust-score-line.tsx";
import type { businessSections } from "#app/screens.ts";
import { BusinessLogo } from "./business-card.tsx";
import { BusinessPagesNav } from "./business-pages-nav.tsx";
import { FollowButton, type FollowButtonState } from "./follow-button.tsx";
import { LiveOpeningBadge } from "./live-opening-hours.tsx";
import { ResponsiveImage } from "./ui/responsive-image.tsx";

type Section = (typeof businessSections)[number];

/** How wide the cover is drawn: the page width on large screens, the whole screen below. */
export const coverSizes = "(min-width: 1152px) 1120px, 100vw";

const tabs: Array<{ section: Section | null; label: string }> = [
  { section: null, label: "Highlights" },
  { section: "products", label: "Products" },
  { section: "vouchers", label: "Vouchers" },
  { section: "sales", label: "Sales" },
  { section: "reviews", label: "Reviews" },
  { section: "about", label: "About" },
  { section: "contact", label: "Contact" },
];

/**
 * The top of a business's pages (/{slug}, /{slug}/{section} and the profile /business/{slug}):
 * cover, logo, name, category and city (links to /b filtered by them), the TrustScore (a link
 * to the reviews), the follow button and, on the landing pages, the section tabs. /{slug} comes from the shared render cache, so there
 * the follow state and "open now" are filled in by the browser; the profile passes `follow`.
 */
export function BusinessPageHeader({
  business,
  coverPriority = true,
  follow,
  sections = true,
}: {
  business: BusinessProfile;
  coverPriority?: boolean;
  follow?: FollowButtonState;
  sections?: boolean;
}) {
  return (
    <header>
      {business.cover ? (
        <div className="overflow-hidden sm:mt-4 sm:rounded-card">
          <ResponsiveImage
            image={business.cover}
            sizes={coverSizes}
            priority={coverPriority}
            className="aspect-[8/3] w-full object-cover"
          />
        </div>
      ) : null}
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <BusinessLogo business={business} size={72} />
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
              {business.name}
            </h1>
            <p className="text-ink-muted">
              <Link
                to={`/b?category=${encodeURIComponent(business.category.slug)}`}
                className="hover:text-brand hover:underline"
              >
                {business.category.name}
              </Link>{" "}
              ·{" "}
              <Link
                to={`/b?city=${encodeURIComponent(business.city)}`}
                className="hover:text-brand hover:underline"
              >
                {business.city}
              </Link>
            </p>
            <Link to={`/${business.slug}/reviews`} className="mt-1 flex w-fit hover:underline">
              <TrustScoreLine score={business.trustScore} />
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <LiveOpeningBadge hours={business.hours} />
            </div>
          </div>
        </div>
        <FollowButton businessId={business.id} businessName={business.name} initial={follow} />
      </div>
      {business.tagline ? <p className="mt-3 text-lg text-ink">{business.tagline}</p> : null}
      <BusinessPagesNav
        business={business}
        current={sections ? "overview" : "profile"}
        className="mt-4"
      />
      {sections ? <SectionTabs business={business} /> : null}
    </header>
  );
}

function SectionTabs({ business }: { business: BusinessProfile }) {
  return (
    <nav aria-label={`${business.name} sections`} className="-mx-4 mt-5 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={tab.section ? `/${business.slug}/${tab.section}` : `/${business.slug}`}
              end
              className={({ isActive }) =>
                clsx(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold",
                  isActive
                    ? "border-brand text-brand"
                    : "border-transparent text-ink-muted hover:text-ink",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
