import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useRef,
} from "react";
import { flushSync } from "react-dom";
import { Link, useSubmit } from "react-router";
import type { SignedInUser } from "#app/hooks/use-signed-in-user.ts";
import { builtLinks } from "#app/screens.ts";

const guestLinks = [
  { to: "/Login", label: "Sign in" },
  { to: "/CreateAccount", label: "Create account" },
];

// A link to a screen still being built stays out of the menu until the screen opens.
const accountLinks = builtLinks([
  { to: "/profile", label: "My account" },
  { to: "/profile/orders", label: "My orders" },
  { to: "/rewards", label: "My points" },
  { to: "/vouchers", label: "Vouchers" },
  { to: "/Referrals", label: "Invite friends" },
  { to: "/vendor", label: "For businesses" },
]);

// The focused item is the highlighted one (a pointer moving over an item focuses it); the
// keyboard also gets the usual outline, drawn inside the item.
const itemClass =
  "block w-full rounded-lg px-3 py-2.5 text-left text-sm text-ink outline-none focus:bg-surface-sunken focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus focus-visible:outline-solid";

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** Where the focus goes when the menu opens: an item from the keyboard, the menu from a pointer. */
export type OpenFocus = "first" | "last" | "menu";

export interface AccountMenuListProps {
  user: SignedInUser | null;
  /** Where the focus goes as the list appears. */
  focus: OpenFocus;
  triggerId: string;
  menuId: string;
  /** The menu button and the list together: a press outside them closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  close: (options: { returnFocus: boolean }) => void;
}

/**
 * The open account menu (account-menu.tsx renders its button): loaded on the first press, or as
 * the pointer or the focus reaches the button, so the header's JavaScript stays small
 * (decision 015). The keys of the WAI-ARIA menu pattern are handled here.
 */
export function AccountMenuList({
  user,
  focus,
  triggerId,
  menuId,
  rootRef,
  triggerRef,
  close,
}: AccountMenuListProps) {
  const submit = useSubmit();
  const menuRef = useRef<HTMLDivElement>(null);
  const links = user
    ? [...accountLinks, ...(user.role === "admin" ? [{ to: "/admin", label: "Admin" }] : [])]
    : [...guestLinks, ...accountLinks];

  // Runs as the list appears: it is rendered only while the menu is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, with the focus asked then
  useEffect(() => {
    const list = menuItems(menuRef.current);
    const target = focus === "menu" ? menuRef.current : focus === "last" ? list.at(-1) : list[0];
    target?.focus();
    // A press anywhere else closes the menu; the focus goes where the press put it.
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close({ returnFocus: false });
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems(menuRef.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        return focusAt(current + 1);
      case "ArrowUp":
        event.preventDefault();
        return focusAt(current < 0 ? -1 : current - 1);
      case "Home":
        event.preventDefault();
        return focusAt(0);
      case "End":
        event.preventDefault();
        return focusAt(-1);
      case "Escape":
        event.preventDefault();
        return close({ returnFocus: true });
      case "Tab":
        // Closed before the browser moves the focus, so Tab goes on from the button.
        flushSync(() => close({ returnFocus: false }));
        triggerRef.current?.focus();
        return;
      case " ":
        // Space activates a link item as Enter does (links only react to Enter by themselves).
        if (current >= 0) {
          event.preventDefault();
          list[current]?.click();
        }
        return;
    }
    // A letter moves to the next item starting with it.
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLowerCase();
      const order = [...list.slice(current + 1), ...list.slice(0, current + 1)];
      order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    }
  }

  function onMenuBlur(event: FocusEvent<HTMLDivElement>) {
    // The focus left the menu and its button (a click elsewhere, the page moving it): close.
    if (event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) {
      close({ returnFocus: false });
    }
  }

  const itemProps = {
    role: "menuitem",
    tabIndex: -1,
    className: itemClass,
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
    },
    onPointerLeave: () => menuRef.current?.focus(),
  } as const;

  return (
    <div
      ref={menuRef}
      id={menuId}
      role="menu"
      aria-labelledby={triggerId}
      tabIndex={-1}
      onKeyDown={onMenuKeyDown}
      onBlur={onMenuBlur}
      className="absolute top-full right-0 z-50 mt-1.5 min-w-52 rounded-xl border border-line bg-surface p-1.5 shadow-lg outline-none"
    >
      {user ? (
        <div role="none" className="truncate px-3 pt-1.5 pb-2 text-xs font-medium text-ink-muted">
          Signed in as {user.name}
        </div>
      ) : null}
      {links.map((link, index) => (
        <div key={link.to} role="none">
          {!user && index === guestLinks.length ? (
            <hr className="my-1 h-px border-0 bg-line" />
          ) : null}
          <Link to={link.to} {...itemProps} onClick={() => close({ returnFocus: true })}>
            {link.label}
          </Link>
        </div>
      ))}
      {user ? (
        <>
          <hr className="my-1 h-px border-0 bg-line" />
          <button
            type="button"
            {...itemProps}
            onClick={() => {
              close({ returnFocus: true });
              submit(null, { method: "post", action: "/logout" });
            }}
          >
            Sign out
          </button>
        </>
      ) : null}
    </div>
  );
}
