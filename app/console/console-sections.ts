import type { BusinessRole } from "#app/auth/roles.ts";

/**
 * The console's sections, in the order of its menu. Each names the least role that may open it;
 * the menu shows a member only what their role allows, and every loader and action checks the
 * role again on the server (requireBusinessMember).
 */
export interface ConsoleSection {
  /** Below /vendor/{business}; "" is the dashboard. */
  path: string;
  label: string;
  minimum: BusinessRole;
}

export const consoleSections: ConsoleSection[] = [
  { path: "", label: "Dashboard", minimum: "staff" },
  { path: "orders", label: "Orders", minimum: "staff" },
  { path: "redeem", label: "Redeem codes", minimum: "staff" },
  { path: "check-in", label: "Check-in poster", minimum: "staff" },
  { path: "products", label: "Products", minimum: "manager" },
  { path: "collections", label: "Collections", minimum: "manager" },
  { path: "vouchers", label: "Vouchers", minimum: "manager" },
  { path: "flash-sales", label: "Flash sales", minimum: "manager" },
  { path: "discount-sales", label: "Discount sales", minimum: "manager" },
  { path: "loyalty", label: "Loyalty card", minimum: "manager" },
  { path: "rewards", label: "Rewards", minimum: "manager" },
  { path: "invoices", label: "Invoices", minimum: "manager" },
  { path: "pay-links", label: "Pay links", minimum: "manager" },
  { path: "reviews", label: "Reviews", minimum: "manager" },
  { path: "delivery", label: "Delivery and pickup", minimum: "manager" },
  { path: "payouts", label: "Payouts", minimum: "manager" },
  { path: "payouts/account", label: "Bank account", minimum: "owner" },
  { path: "members", label: "Members", minimum: "owner" },
  { path: "profile", label: "Profile and hours", minimum: "owner" },
];
