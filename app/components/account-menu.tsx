import { CircleUserRound } from "lucide-react";
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { Link, useSubmit } from "react-router";
import { useSignedInUser } from "#app/hooks/use-signed-in-user.ts";
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
type OpenFocus = "first" | "last" | "menu";

/**
 * The header's account menu: sign in or up for guests; account links and sign out otherwise.
 * A menu button as the WAI-ARIA pattern describes it (menu-button/menu): Enter, Space and the
 * arrows open it onto an item, the arrows, Home, End and a first letter move between items,
 * Escape closes it and gives the focus back to the button, Tab closes it and moves on, and a
 * press outside closes it. Native code instead of a menu library keeps the header's JavaScript
 * small (issue 5: under 100 KB before interaction).
 */
export function AccountMenu() {
  const user = useSignedInUser();
  const submit = useSubmit();
  const [open, setOpen] = useState(false);
  const openFocus = useRef<OpenFocus>("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const menuId = `${id}-menu`;
  const links = user
    ? [...accountLinks, ...(user.role === "admin" ? [{ to: "/admin", label: "Admin" }] : [])]
    : [...guestLinks, ...accountLinks];

  function show(focus: OpenFocus) {
    openFocus.current = focus;
    setOpen(true);
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    const target =
      openFocus.current === "menu"
        ? menuRef.current
        : openFocus.current === "last"
          ? list.at(-1)
          : list[0];
    target?.focus();
    // A press anywhere else closes the menu; the focus goes where the press put it.
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (["Enter", " ", "ArrowDown"].includes(event.key)) {
      event.preventDefault();
      show("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      show("last");
    }
  }

  function onTriggerClick(event: MouseEvent<HTMLButtonElement>) {
    if (open) return close({ returnFocus: false });
    // A click without a pointer position comes from assistive technology: start on an item.
    show(event.detail === 0 ? "first" : "menu");
  }

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
        flushSync(() => setOpen(false));
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
      setOpen(false);
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
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        aria-label={user ? `Account menu for ${user.name}` : "Account menu"}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onKeyDown={onTriggerKeyDown}
        onClick={onTriggerClick}
        className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken aria-expanded:bg-surface-sunken"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </button>
      {open ? (
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
            <div
              role="none"
              className="truncate px-3 pt-1.5 pb-2 text-xs font-medium text-ink-muted"
            >
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
      ) : null}
    </div>
  );
}
