import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { CircleUserRound } from "lucide-react";
import { Link, useSubmit } from "react-router";
import { useSignedInUser } from "#app/hooks/use-signed-in-user.ts";

const guestLinks = [
  { to: "/Login", label: "Sign in" },
  { to: "/CreateAccount", label: "Create account" },
];

const accountLinks = [
  { to: "/profile", label: "My account" },
  { to: "/rewards", label: "My points" },
  { to: "/vouchers", label: "Vouchers" },
  { to: "/Referrals", label: "Invite friends" },
  { to: "/vendor", label: "For businesses" },
];

const itemClass =
  "block w-full rounded-lg px-3 py-2.5 text-left text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken";

/** The header's account menu: sign in or up for guests; account links and sign out otherwise. */
export function AccountMenu() {
  const user = useSignedInUser();
  const submit = useSubmit();
  const links = user
    ? [...accountLinks, ...(user.role === "admin" ? [{ to: "/admin", label: "Admin" }] : [])]
    : [...guestLinks, ...accountLinks];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={user ? `Account menu for ${user.name}` : "Account menu"}
        className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken data-[state=open]:bg-surface-sunken"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-xl border border-line bg-surface p-1.5 shadow-lg"
        >
          {user ? (
            <DropdownMenu.Label className="truncate px-3 pt-1.5 pb-2 text-xs font-medium text-ink-muted">
              Signed in as {user.name}
            </DropdownMenu.Label>
          ) : null}
          {links.map((link, index) => (
            <div key={link.to}>
              {!user && index === guestLinks.length ? (
                <DropdownMenu.Separator className="my-1 h-px bg-line" />
              ) : null}
              <DropdownMenu.Item asChild>
                <Link to={link.to} className={itemClass}>
                  {link.label}
                </Link>
              </DropdownMenu.Item>
            </div>
          ))}
          {user ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
              <DropdownMenu.Item
                className={itemClass}
                onSelect={() => submit(null, { method: "post", action: "/logout" })}
              >
                Sign out
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
