import { describe, expect, test, vi } from "vitest";
import {
  isChunkLoadError,
  landFrameworkReloads,
  mayReload,
  reloadAfterChunkError,
  reloadGuardKey,
  reloadGuardMs,
  targetPath,
} from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("recognising a failed chunk", () => {
  test.each([
    "Failed to fetch dynamically imported module: https://oja.ng/assets/cart-1a2b.js",
    "error loading dynamically imported module",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/kit.css",
  ])("%s is a chunk load error", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  test("other errors are not", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

describe("the reload guard", () => {
  test("lasts exactly 10 seconds", () => {
    expect(reloadGuardMs).toBe(10_000);
    expect(mayReload(null, 50_000)).toBe(true);
    expect(mayReload(40_001, 50_000)).toBe(false);
    expect(mayReload(40_000, 50_000)).toBe(true);
  });

  test("the first failure reloads and stamps the time", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(reloadGuardKey)).toBe("1000000");
  });

  test("a second failure within 10 seconds does not reload again", () => {
    const storage = memoryStorage({ [reloadGuardKey]: "1000000" });
    const reload = vi.fn();
    expect(reloadAfterChunkError(storage, reload, 1_009_999)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  test("after 10 seconds a failure may reload again", () => {
    const storage = memoryStorage({ [reloadGuardKey]: "1000000" });
    const reload = vi.fn();
    expect(reloadAfterChunkError(storage, reload, 1_010_000)).toBe(true);
  });

  test("a damaged or future stamp does not block the reload forever", () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError(memoryStorage({ [reloadGuardKey]: "soon" }), reload, 5)).toBe(
      true,
    );
    expect(reloadAfterChunkError(memoryStorage({ [reloadGuardKey]: "9e15" }), reload, 5)).toBe(
      true,
    );
  });
});

describe("React Router's reload after a route chunk failed", () => {
  function reloadEvent(navigationType: NavigationType = "reload", cancelable = true) {
    return { navigationType, cancelable, preventDefault: vi.fn() };
  }

  function setUp(storage = memoryStorage()) {
    const go = vi.fn();
    const refused = vi.fn();
    const handle = landFrameworkReloads({
      storage,
      current: () => "https://oja.ng/ewa-spa?city=Lagos",
      go,
      refused,
    });
    return { handle, go, refused, storage };
  }

  test("is cancelled and becomes one full load, stamped by the guard", () => {
    const { handle, go, refused, storage } = setUp();
    const event = reloadEvent();
    handle(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    // No navigation is known to be under way here: the page itself is loaded again.
    expect(go).toHaveBeenCalledWith("/ewa-spa?city=Lagos");
    expect(refused).not.toHaveBeenCalled();
    expect(Number(storage.getItem(reloadGuardKey))).toBeGreaterThan(0);
  });

  test("within the guard's 10 seconds loads nothing and says where the shopper was going", () => {
    const { handle, go, refused } = setUp(
      memoryStorage({ [reloadGuardKey]: String(Date.now() - 1_000) }),
    );
    const event = reloadEvent();
    handle(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(go).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith("/ewa-spa?city=Lagos");
  });

  test.each([
    ["a link followed", reloadEvent("push")],
    ["a reload that can't be cancelled", reloadEvent("reload", false)],
  ])("leaves %s alone", (_label, event) => {
    const { handle, go } = setUp();
    handle(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });
});

describe("a navigation's target", () => {
  test.each([
    ["/privacy", "/privacy"],
    ["/b/ewa-spa?after=abc#products", "/b/ewa-spa?after=abc#products"],
    ["products", "/ewa-spa/products"],
    ["https://oja.ng/cart", "/cart"],
  ])("%s from /ewa-spa/about is %s", (to, path) => {
    expect(targetPath(to, "/ewa-spa/about", "https://oja.ng")).toBe(path);
  });
});
