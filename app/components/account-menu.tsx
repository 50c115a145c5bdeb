import { CircleUserRound } from "lucide-react";
import {
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  useId,
  useRef,
  useState,
} from "react";
import { useSignedInUser } from "#app/hooks/use-signed-in-user.ts";
import type { AccountMenuListProps, OpenFocus } from "./account-menu-list.tsx";

let loading: Promise<ComponentType<AccountMenuListProps>> | undefined;

/** The open menu's code, fetched once: on the first press, or as the pointer or focus arrives. */
function loadMenuList() {
  loading ??= import("./account-menu-list.tsx").then(
    (module) => module.AccountMenuList,
    (error: unknown) => {
      loading = undefined; // the next press tries again
      throw error;
    },
  );
  return loading;
}

/**
 * The header's account menu: sign in or up for guests; account links and sign out otherwise.
 * A menu button as the WAI-ARIA pattern describes it (menu-button/menu): Enter, Space and the
 * arrows open it onto an item, the arrows, Home, End and a first letter move between items,
 * Escape closes it and gives the focus back to the button, Tab closes it and moves on, and a
 * press outside closes it. Native code instead of a menu library keeps the header's JavaScript
 * small; the open menu (account-menu-list.tsx) loads when it is first wanted, so every page
 * carries only the button (decision 015). Pointing at the button or focusing it starts the
 * fetch, so a press seldom waits for it.
 */
export function AccountMenu() {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  const [MenuList, setMenuList] = useState<ComponentType<AccountMenuListProps>>();
  const openFocus = useRef<OpenFocus>("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const menuId = `${id}-menu`;

  function show(focus: OpenFocus) {
    openFocus.current = focus;
    // A rejection is a chunk lost to a deploy: the reload guard takes it (updates/chunk-reload.ts).
    void loadMenuList().then((component) => {
      setMenuList(() => component);
      setOpen(true);
    });
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

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
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
        className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken aria-expanded:bg-surface-sunken"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </button>
      {open && MenuList ? (
        <MenuList
          user={user}
          focus={openFocus.current}
          triggerId={triggerId}
          menuId={menuId}
          rootRef={rootRef}
          triggerRef={triggerRef}
          close={close}
        />
      ) : null}
    </div>
  );
}
