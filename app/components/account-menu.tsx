import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { CircleUserRound } from "lucide-react";
import { Link } from "react-router";

const links = [
  { to: "/Login", label: "Sign in" },
  { to: "/CreateAccount", label: "Create account" },
  { to: "/profile", label: "My account" },
  { to: "/rewards", label: "My points" },
  { to: "/vouchers", label: "Vouchers" },
  { to: "/Referrals", label: "Invite friends" },
  { to: "/vendor", label: "For businesses" },
];

export function AccountMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
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
          {links.map((link, index) => (
            <div key={link.to}>
              {index === 2 ? <DropdownMenu.Separator className="my-1 h-px bg-line" /> : null}
              <DropdownMenu.Item asChild>
                <Link
                  to={link.to}
                  className="block rounded-lg px-3 py-2.5 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken"
                >
                  {link.label}
                </Link>
              </DropdownMenu.Item>
            </div>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
