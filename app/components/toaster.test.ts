import { expect, test } from "vitest";
import { toasterOptions } from "./toaster.tsx";

test("toasts follow the spec: 4000 ms, 3 visible, 14 px gap, Alt+T, top right, rich, closable", () => {
  expect(toasterOptions).toEqual({
    position: "top-right",
    richColors: true,
    closeButton: true,
    duration: 4000,
    visibleToasts: 3,
    gap: 14,
    hotkey: ["altKey", "KeyT"],
  });
});
