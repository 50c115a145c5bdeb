import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of the spec (docs/spec/000_5822a430d9fb1160.txt, section 2), one line per row,
 * in the spec's spelling and under the spec's layout. Paths match case-insensitively.
 * `routes/planned.tsx` serves the screens a later issue builds; its inventory is app/screens.ts.
 * routes.test.ts compares this file with the spec's table.
 */
const planned = "routes/planned.tsx";
const screen = (path: string, file?: string) =>
  file ? route(path, file) : route(path, planned, { id: `planned:${path}` });

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    screen("/:id"), // prerendered: served from a render cache (issue 5)
    screen("/:id/:main"),
    screen("/:id/partners/:p"),
    screen("/:id/rewards/:user"),
    screen("/app"),
    screen("/b"),
    screen("/b/:id/:search"),
    screen("/b/:id/collection/:collection"),
    screen("/b/ff"),
    screen("/benefits"),
    screen("/business/:id"),
    screen("/business/tt"),
    screen("/businesses"),
    screen("/businesses/search/:id"),
    screen("/cart", "routes/cart.tsx"),
    screen("/collab"),
    screen("/copy"),
    screen("/CreateAccount", "routes/create-account.tsx"),
    screen("/discountsales/:id"),
    screen("/evaluate"),
    screen("/evaluate/_id"),
    screen("/evaluate/new"),
    screen("/flash/:id"),
    screen("/hi/:id"),
    screen("/invite/:id"),
    screen("/invoices/:id"),
    screen("/ll"),
    screen("/Login", "routes/login.tsx"),
    screen("/privacy"),
    screen("/profile", "routes/profile.tsx"),
    screen("/Referrals"),
    screen("/ReviewInvitation/:id"),
    screen("/reviews"),
    screen("/reviews/:id"),
    screen("/reviews/gg"),
    screen("/ReviewsList/:id"),
    screen("/rewards"),
    screen("/rewardShop/browse"),
    screen("/rewardShop/search/:id"),
    screen("/search/:id"),
    screen("/search/:id/:prod"),
    screen("/search/ff", "routes/search-form.tsx"),
    screen("/shop/:id"),
    screen("/shop/friends"),
    screen("/spas"),
    screen("/vendor", "routes/vendor.tsx"),
    screen("/vouchergift/:id"),
    screen("/voucherpay/:id"),
    screen("/vouchers"),
    screen("/vouchers/:id"),
    screen("/vouchers/cart"),
    screen("/vouchers/gift/:id"),
    // Not spec rows. The steps of signing up, in and out; the parts of /profile, /vendor and the
    // admin area; robots.txt and the sitemap; error checks, the UI kit and the mailbox in test
    // mode; and the catch-all for every path that matches nothing, which answers 404 "Page not
    // found: {path}".
    route("/CreateAccount/verify", "routes/verify-email.tsx"),
    route("/Login/forgot", "routes/forgot-password.tsx"),
    route("/Login/reset", "routes/reset-password.tsx"),
    route("/logout", "routes/logout.ts"),
    route("/profile/data", "routes/profile-data.ts"),
    route("/vendor/:business", "routes/vendor-business.tsx"),
    route("/admin", "routes/admin.tsx"),
    route("/robots.txt", "routes/robots.ts"),
    route("/sitemap.xml", "routes/sitemap-index.ts"),
    route("/sitemaps/:name", "routes/sitemap-page.ts"),
    route("/dev/errors/:kind", "routes/dev-errors.tsx"),
    route("/dev/kit", "routes/dev-kit.tsx"),
    route("/dev/kit/options", "routes/dev-kit-options.ts"),
    route("/dev/mailbox", "routes/dev-mailbox.tsx"),
    route("/dev/mailbox/:id", "routes/dev-mailbox-message.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/custom.tsx", [
    screen("/:id/products/:product"),
    screen("/b/:id"),
    screen("/checkout"),
    screen("/pay/:id"),
  ]),
  layout("layouts/shop.tsx", [
    screen("/first-rewards"),
    screen("/rewardShop"),
    screen("/rewardShop/Checkout"),
  ]),
] satisfies RouteConfig;
