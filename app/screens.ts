/**
 * The inventory of screens that are routed but not built yet. Each renders honestly as
 * "coming" with one line saying what it will hold; when an issue builds a screen, its route in
 * app/routes.ts gets its own module and its entry leaves this list. A screen that is partly
 * built (its own module already, with parts still to come) stays listed until it is whole. screens.test.ts keeps this
 * inventory and the planned routes of routes.ts in step.
 */
export interface PlannedScreen {
  title: string;
  /** What the screen will hold, in one line a shopper can read. */
  holds: string;
  /** The issue that builds it, when it has been filed. */
  issue?: number;
}

/** The sections of a business's landing page, /{id}/{main}. */
export const businessSections = [
  "about",
  "products",
  "vouchers",
  "reviews",
  "contact",
  "sales",
] as const;

/**
 * The routes that routes/planned.tsx serves, the inventory below minus its partly built screens,
 * apart from its texts: the site's chrome checks its links against this short list
 * (leadsToPlaceholder) without shipping the inventory to every page. routes.test.ts keeps it
 * equal to the routes of app/routes.ts that have no module of their own.
 */
export const placeholderRoutes = ["/app", "/collab"] as const;

/** Screens with a module of their own and parts still to come (issue 5). */
export const partlyBuiltRoutes = ["/shop/:id", "/shop/friends"] as const;

/** The inventory must have exactly these keys (its `satisfies` says so). */
export type PlannedRoute = (typeof placeholderRoutes)[number] | (typeof partlyBuiltRoutes)[number];

export const plannedScreens = {
  "/app": {
    title: "Get the app",
    holds: "Install Oja on your phone's home screen and see what works offline.",
  },
  "/collab": {
    title: "Partnerships",
    holds: "Businesses finding partners and agreeing cross-promotions.",
  },
  "/shop/:id": {
    title: "Shop by category",
    holds: "Products and vouchers of one category across businesses.",
    issue: 5,
  },
  "/shop/friends": {
    title: "Gifts for friends",
    holds: "Vouchers and products you can send to a friend.",
    issue: 5,
  },
} satisfies Record<PlannedRoute, PlannedScreen>;

export function findPlannedScreen(pattern: string): PlannedScreen | undefined {
  return (plannedScreens as Record<string, PlannedScreen>)[pattern];
}

const placeholderStaticPaths = new Set<string>(
  placeholderRoutes.filter((route) => !route.includes(":")).map((route) => route.toLowerCase()),
);

/**
 * Whether a link to a static route (the header's, the footer's, the account menu's) opens the
 * "being built" placeholder. Those links are left out of the chrome until the screen exists
 * (issue 15: no primary link leads to a "coming soon" screen); the screen stays reachable by its
 * address. Paths match case-insensitively, as the routes do; a query or hash is ignored.
 */
export function leadsToPlaceholder(to: string): boolean {
  const path = to.split(/[?#]/, 1)[0] ?? to;
  return placeholderStaticPaths.has(path.replace(/(.)\/+$/, "$1").toLowerCase());
}

/** The links of a menu or footer whose screens are open (a placeholder's link is left out). */
export function builtLinks<Link extends { to: string }>(links: readonly Link[]): Link[] {
  return links.filter((link) => !leadsToPlaceholder(link.to));
}
