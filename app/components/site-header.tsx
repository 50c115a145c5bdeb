import { AccountMenu } from "./account-menu.tsx";
import { CartLink } from "./cart-link.tsx";
import { FollowingLink } from "./following-link.tsx";
import { Logo } from "./logo.tsx";
import { PointsLink } from "./points-link.tsx";
import { SearchBox } from "./search-box.tsx";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:flex-nowrap">
        <Logo />
        <SearchBox className="order-last w-full sm:order-none sm:mx-4 sm:flex-1" />
        <nav aria-label="Your shortcuts" className="ml-auto flex items-center gap-1 sm:ml-0">
          {/* First in a right-aligned group: appearing after /api/me answers moves nothing. */}
          <PointsLink />
          <FollowingLink />
          <CartLink />
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}
