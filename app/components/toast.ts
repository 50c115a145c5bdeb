import type { ExternalToast } from "sonner";

/**
 * Oja's toasts: sonner's API, with sonner itself (~9 KB gzipped) loaded on the first toast
 * instead of with every page (issue 5: under 100 KB of JavaScript before interaction). A toast
 * asked for while sonner loads is shown once it has loaded: sonner keeps its toasts until the
 * Toaster subscribes and then replays them (`ToastState.subscribe` in sonner 2). AppToaster
 * (toaster.tsx) renders sonner's Toaster from then on. Import `toast` from here, never from
 * "sonner" (biome refuses it elsewhere).
 */
type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]>[0];
type Kind = "message" | "success" | "info" | "warning" | "error";

let loaded: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Loads sonner once; a failed load (a deploy removed the chunk) is tried again next time. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** For AppToaster: sonner once it has loaded, undefined until the first toast asks for it. */
export function loadedSonner(): Sonner | undefined {
  return loaded;
}

export function onSonnerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, message: Message, data?: ExternalToast) {
  const send = ({ toast }: Sonner) =>
    kind === "message" ? toast(message, data) : toast[kind](message, data);
  if (loaded) send(loaded);
  // A rejection here is a chunk that failed to load: the reload guard (updates/chunk-reload.ts)
  // takes unhandled import rejections.
  else void loadSonner().then(send);
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show("message", message, data),
  {
    success: (message: Message, data?: ExternalToast) => show("success", message, data),
    info: (message: Message, data?: ExternalToast) => show("info", message, data),
    warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
    error: (message: Message, data?: ExternalToast) => show("error", message, data),
  },
);
