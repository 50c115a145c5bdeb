import { useSyncExternalStore } from "react";
import { loadedSonner, onSonnerLoaded } from "./toast.ts";

/**
 * The spec's toast constants (section 9): 4000 ms, 3 visible, gap 14 px, width 356 px (sonner's
 * own fixed width), hotkey Alt+T; the shell puts them top right with rich colours and a close
 * button.
 */
export const toasterOptions = {
  position: "top-right",
  richColors: true,
  closeButton: true,
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  hotkey: ["altKey", "KeyT"],
} as const;

/** Below the sticky header, so a toast never hides the cart count it is talking about. */
const belowHeader = { desktop: { top: 80, right: 24 }, phone: { top: 124, right: 16, left: 16 } };

/**
 * Sonner's Toaster, rendered once the first toast has loaded sonner (toast.ts); nothing before,
 * so pages that never toast never download it.
 */
export function AppToaster() {
  const sonner = useSyncExternalStore(onSonnerLoaded, loadedSonner, () => undefined);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      {...toasterOptions}
      hotkey={[...toasterOptions.hotkey]}
      offset={belowHeader.desktop}
      mobileOffset={belowHeader.phone}
    />
  );
}
