import { useSyncExternalStore } from "react";
import { type CartAction, type CartItem, cartReducer, parseStoredCart } from "./cart.ts";

/**
 * The cart's truth is localStorage["cart"]; this module keeps one parsed copy, writes every
 * change back, and follows changes made in other tabs through the `storage` event. It makes no
 * network calls. On the server (and during hydration) the cart is empty.
 */
export const cartStorageKey = "cart";

const emptyCart: CartItem[] = [];
let current: CartItem[] | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

function load(): CartItem[] {
  return parseStoredCart(storage()?.getItem(cartStorageKey) ?? null);
}

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== cartStorageKey) return;
  current = load();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export function getCart(): CartItem[] {
  current ??= load();
  return current;
}

export function dispatchCart(action: CartAction): CartItem[] {
  current = cartReducer(getCart(), action);
  try {
    storage()?.setItem(cartStorageKey, JSON.stringify(current));
  } catch {
    // Storage full or refused: the cart still works for this page view.
  }
  notify();
  return current;
}

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, getCart, () => emptyCart);
}
