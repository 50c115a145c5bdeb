/** A member's role in a business, from least to most trusted (PRODUCT.md, "Who uses it"). */
export const businessRoles = ["staff", "manager", "owner"] as const;
export type BusinessRole = (typeof businessRoles)[number];

/** True when `role` may do what `minimum` may: an owner can do what a manager can, and so on. */
export function hasBusinessRole(role: BusinessRole, minimum: BusinessRole): boolean {
  return businessRoles.indexOf(role) >= businessRoles.indexOf(minimum);
}

export const businessRoleLabels: Record<BusinessRole, string> = {
  staff: "Staff",
  manager: "Manager",
  owner: "Owner",
};
