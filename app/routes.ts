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
    screen("/:id", "routes/business-page.tsx"), // prerendered: served from the render cache
    screen("/:id/:main", "routes/business-section.tsx"),
    screen("/:id/partners/:p", "routes/business-partner.tsx"),
    screen("/:id/rewards/:user"),
    screen("/app"),
    screen("/b", "routes/businesses-listing.tsx"),
    screen("/b/:id/:search", "routes/business-catalog-search.tsx"),
    screen("/b/:id/collection/:collection", "routes/storefront-collection.tsx"),
    screen("/b/ff", "routes/follows.tsx"),
    screen("/benefits"),
    screen("/business/:id", "routes/business-profile.tsx"),
    screen("/business/tt", "routes/business-trending.tsx"),
    screen("/businesses", "routes/business-directory.tsx"),
    screen("/businesses/search/:id", "routes/businesses-search.tsx"),
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
    screen("/ll", "routes/latest.tsx"),
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
    screen("/search/:id", "routes/search-results.tsx"),
    screen("/search/:id/:prod", "routes/search-product.tsx"),
    screen("/search/ff", "routes/search-form.tsx"),
    screen("/shop/:id", "routes/shop-category.tsx"),
    screen("/shop/friends", "routes/shop-friends.tsx"),
    screen("/spas", "routes/spas.tsx"),
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
    route("/profile/orders", "routes/profile-orders.tsx"),
    route("/profile/orders/:number", "routes/profile-order.tsx"),
    route("/api/payments/paystack/webhook", "routes/api-paystack-webhook.ts"),
    route("/api/checkout/quote", "routes/api-checkout-quote.ts"),
    route("/api/search/suggest", "routes/api-search-suggest.ts"),
    route("/vendor/invitations/:token", "routes/vendor-invitation.tsx"), // (orders helper)
    route("/vendor/:business", "routes/vendor-business.tsx", [
      index("routes/vendor-dashboard.tsx"),
      // Orders (orders helper).
      route("orders", "routes/vendor-orders.tsx"),
      route("orders/:number", "routes/vendor-order.tsx"),

      // Products and collections (catalogue helper).
      route("products", "routes/vendor-products.tsx"),
      route("products/new", "routes/vendor-product-new.tsx"),
      route("products/images", "routes/vendor-product-images.ts"),
      route("products/options", "routes/vendor-product-options.ts"),
      route("products/export.csv", "routes/vendor-products-export.ts"),
      route("products/import", "routes/vendor-products-import.tsx"),
      route("products/import/upload", "routes/vendor-products-import-upload.ts"),
      route("products/:productId", "routes/vendor-product.tsx"),
      route("collections", "routes/vendor-collections.tsx"),
      route("collections/:collectionId", "routes/vendor-collection.tsx"),

      // Members (orders helper).
      route("members", "routes/vendor-members.tsx"),

      // Profile, hours and branding (applications helper).
      route("profile", "routes/vendor-profile.tsx"),
    ]),
    route("/api/follows/:businessId", "routes/api-follow-state.ts"),
    route("/admin", "routes/admin.tsx"),
    route("/admin/applications", "routes/admin-applications.tsx"),
    route("/admin/businesses", "routes/admin-businesses.tsx"),
    route("/api/vendor/slug-check", "routes/api-vendor-slug-check.ts"),
    route("/api/me", "routes/api-me.ts"),
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
    screen("/:id/products/:product", "routes/product.tsx"),
    screen("/b/:id", "routes/storefront.tsx"),
    screen("/checkout", "routes/checkout.tsx"),
    route("/checkout/callback", "routes/checkout-callback.ts"),
    route("/checkout/:checkoutId", "routes/checkout-status.tsx"),
    screen("/pay/:id"),
  ]),
  layout("layouts/shop.tsx", [
    screen("/first-rewards"),
    screen("/rewardShop"),
    screen("/rewardShop/Checkout"),
  ]),
] satisfies RouteConfig;
