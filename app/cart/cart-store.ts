import { useSyncExternalStore } from "react";
import { type CartAction, type CartItem, cartReducer, parseStoredCart } from "./cart.ts";

/**
 * A cart's truth is one localStorage key; a store keeps one parsed copy, writes every change
 * back, and follows changes made in other tabs through the `storage` event. It makes no network
 * calls. On the server (and during hydration) a cart is empty. Two carts exist: the spec's
 * product cart under `cart`, and the voucher cart under `voucherCart` (issue 19), kept apart so
 * that neither checkout ever sees the other's lines.
 */
export const cartStorageKey = "cart";
export const voucherCartStorageKey = "voucherCart";

const emptyCart: CartItem[] = [];

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

function cartStore(key: string) {
  let current: CartItem[] | undefined;
  const listeners = new Set<() => void>();
  const load = () => parseStoredCart(storage()?.getItem(key) ?? null);
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== key) return;
    current = load();
    notify();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  };
  const get = (): CartItem[] => {
    current ??= load();
    return current;
  };
  const dispatch = (action: CartAction): CartItem[] => {
    current = cartReducer(get(), action);
    try {
      storage()?.setItem(key, JSON.stringify(current));
    } catch {
      // Storage full or refused: the cart still works for this page view.
    }
    notify();
    return current;
  };
  const use = (): CartItem[] => useSyncExternalStore(subscribe, get, () => emptyCart);
  return { get, dispatch, use };
}

const productCart = cartStore(cartStorageKey);
const voucherCart = cartStore(voucherCartStorageKey);

export const dispatchCart = productCart.dispatch;
export const useCart = productCart.use;

export const dispatchVoucherCart = voucherCart.dispatch;
export const useVoucherCart = voucherCart.use;
