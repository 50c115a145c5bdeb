import { expect, test, vi } from "vitest";

const sonner = vi.hoisted(() => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn() });
  return { toast, Toaster: () => null };
});
vi.mock("sonner", () => sonner);

test("toasts asked for before sonner has loaded are all shown, in order, once it has", async () => {
  const { toast, loadSonner, loadedSonner, onSonnerLoaded } = await import("./toast.ts");
  const loaded = vi.fn();
  onSonnerLoaded(loaded);
  expect(loadedSonner()).toBeUndefined();

  toast.success("Added to your cart", { duration: 4000 });
  toast("Review sent");
  expect(sonner.toast.success).not.toHaveBeenCalled();

  await loadSonner();
  await Promise.resolve();
  expect(loaded).toHaveBeenCalledTimes(1);
  expect(loadedSonner()?.toast).toBe(sonner.toast);
  expect(sonner.toast.success).toHaveBeenCalledWith("Added to your cart", { duration: 4000 });
  expect(sonner.toast).toHaveBeenCalledWith("Review sent", undefined);
  const [successAt] = sonner.toast.success.mock.invocationCallOrder;
  const [messageAt] = sonner.toast.mock.invocationCallOrder;
  expect(successAt).toBeLessThan(messageAt ?? 0);

  // Once loaded, a toast goes straight to sonner.
  toast.error("Payment was declined");
  expect(sonner.toast.error).toHaveBeenCalledWith("Payment was declined", undefined);
});
