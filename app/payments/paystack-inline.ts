/**
 * The browser side of paying: loads the provider's inline script (Paystack's, or the simulator's
 * with the same API) once, and opens its popup for a transaction the server initialized.
 */
export interface PaystackSuccess {
  reference: string;
  trans: string;
  status: string;
  message: string;
  transaction: string;
  trxref: string;
}

interface PaystackCallbacks {
  onSuccess?(transaction: PaystackSuccess): void;
  onCancel?(): void;
  onError?(error: { message?: string }): void;
  onLoad?(): void;
}

interface PaystackPopInstance {
  resumeTransaction(accessCode: string, callbacks: PaystackCallbacks): unknown;
}

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopInstance;
  }
}

const loading = new Map<string, Promise<new () => PaystackPopInstance>>();

export function loadPaystack(scriptUrl: string): Promise<new () => PaystackPopInstance> {
  let promise = loading.get(scriptUrl);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      if (window.PaystackPop) return resolve(window.PaystackPop);
      const script = document.createElement("script");
      script.src = scriptUrl;
      script.async = true;
      script.onload = () =>
        window.PaystackPop
          ? resolve(window.PaystackPop)
          : reject(new Error("The payment script loaded without PaystackPop"));
      script.onerror = () => reject(new Error("The payment script could not be loaded"));
      document.head.append(script);
    });
    // A failed load may be retried later (a flaky network).
    promise.catch(() => loading.delete(scriptUrl));
    loading.set(scriptUrl, promise);
  }
  return promise;
}

export type PopupOutcome =
  | { kind: "success"; reference: string }
  | { kind: "cancel" }
  | { kind: "error"; message: string };

/** Opens the popup for `accessCode`; resolves once the shopper paid, closed it, or it failed. */
export async function openPaystackPopup(
  scriptUrl: string,
  accessCode: string,
): Promise<PopupOutcome> {
  const PaystackPop = await loadPaystack(scriptUrl);
  return new Promise((resolve) => {
    new PaystackPop().resumeTransaction(accessCode, {
      onSuccess: (transaction) => resolve({ kind: "success", reference: transaction.reference }),
      onCancel: () => resolve({ kind: "cancel" }),
      onError: (error) =>
        resolve({ kind: "error", message: error.message ?? "The payment window failed" }),
    });
  });
}
