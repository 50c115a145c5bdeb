/*
 * Oja's Paystack simulator: the browser API of Paystack's inline script v2.
 *
 *   const popup = new PaystackPop();
 *   popup.resumeTransaction(accessCode, { onSuccess, onCancel, onError, onLoad });
 *   popup.newTransaction({ key, email, amount, reference, currency, channels, metadata, label,
 *                          onSuccess, onCancel, onError, onLoad });
 *   popup.cancelTransaction();
 *
 * The hosted checkout opens in a full-screen overlay (an iframe titled "Paystack test payment")
 * and talks to this script with postMessage. onSuccess receives
 * { reference, trans, status: "success", message: "Approved", transaction, trxref }.
 */
(() => {
  const scriptUrl = new URL(
    document.currentScript?.src ?? "/_paystack/v2/inline.js",
    location.href,
  );
  /** The simulator's root, e.g. https://oja.example/_paystack */
  const base = new URL("..", scriptUrl).href.replace(/\/$/, "");
  const checkoutOrigin = scriptUrl.origin;
  let active = null;

  /** A callback's own error must not leave the overlay half closed: it is reported afterwards. */
  function call(callback, ...args) {
    if (typeof callback !== "function") return;
    try {
      callback(...args);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }

  function open(accessCode, callbacks) {
    active?.close();
    const previousFocus = document.activeElement;
    const overlay = document.createElement("div");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "Paystack test payment");
    Object.assign(overlay.style, {
      position: "fixed",
      inset: "0",
      zIndex: "2147483647",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      background: "rgba(23, 32, 27, 0.6)",
    });
    const small = window.matchMedia("(max-width: 480px), (max-height: 640px)").matches;
    const frame = document.createElement("iframe");
    frame.title = "Paystack test payment";
    frame.src = `${base}/checkout/${encodeURIComponent(accessCode)}?origin=${encodeURIComponent(location.origin)}`;
    Object.assign(frame.style, {
      width: "100%",
      height: "100%",
      maxWidth: small ? "none" : "440px",
      maxHeight: small ? "none" : "min(780px, calc(100% - 32px))",
      border: "0",
      borderRadius: small ? "0" : "16px",
      background: "#ffffff",
      boxShadow: "0 24px 64px rgba(0, 0, 0, 0.3)",
    });
    overlay.append(frame);

    // While the checkout is open the rest of the page can be neither reached nor scrolled.
    const inerted = [...document.body.children].filter((element) => !element.inert);
    for (const element of inerted) element.inert = true;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    document.body.append(overlay);
    frame.focus();

    let loaded = false;
    let closed = false;
    let cancelTimer;

    function close() {
      if (closed) return;
      closed = true;
      clearTimeout(cancelTimer);
      window.removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKeydown);
      overlay.remove();
      for (const element of inerted) element.inert = false;
      document.documentElement.style.overflow = overflow;
      if (previousFocus instanceof HTMLElement && previousFocus.isConnected) previousFocus.focus();
      if (active === transaction) active = null;
    }

    /** Asks the checkout to record the cancel; closes anyway if it does not answer. */
    function requestCancel() {
      if (closed) return;
      frame.contentWindow?.postMessage(
        { source: "paystack-inline", type: "cancel" },
        checkoutOrigin,
      );
      clearTimeout(cancelTimer);
      cancelTimer = setTimeout(() => {
        close();
        call(callbacks.onCancel);
      }, 3000);
    }

    function onMessage(event) {
      if (event.origin !== checkoutOrigin || event.source !== frame.contentWindow) return;
      const message = event.data;
      if (message?.source !== "paystack-simulator") return;
      if (message.type === "loaded" && !loaded) {
        loaded = true;
        call(callbacks.onLoad, {
          id: message.data.id,
          accessCode: message.data.accessCode,
          reference: message.data.reference,
        });
      } else if (message.type === "success") {
        close();
        call(callbacks.onSuccess, message.data);
      } else if (message.type === "cancel") {
        close();
        call(callbacks.onCancel);
      } else if (message.type === "error") {
        close();
        call(callbacks.onError, { message: message.message });
      }
    }

    function onKeydown(event) {
      if (event.key !== "Escape") return;
      event.preventDefault();
      requestCancel();
    }

    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKeydown);
    const transaction = { accessCode, close, cancel: requestCancel };
    active = transaction;
    return { accessCode, cancel: requestCancel };
  }

  class PaystackPop {
    /** Opens the checkout of a transaction the server initialized. */
    resumeTransaction(accessCode, callbacks = {}) {
      if (typeof accessCode !== "string" || accessCode === "") {
        call(callbacks.onError, { message: "An access code is required" });
        return null;
      }
      return open(accessCode, callbacks);
    }

    /** Initializes a transaction with the public key, then opens its checkout. */
    newTransaction(options = {}) {
      const { key, email, amount, reference, currency, channels, metadata, label } = options;
      fetch(`${base}/checkout/request_inline`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          key,
          email,
          amount,
          reference,
          currency,
          channels,
          metadata,
          label,
          callback_url: options.callback_url,
        }),
      })
        .then(async (response) => {
          const answer = await response.json().catch(() => null);
          if (!response.ok || !answer?.status) {
            throw new Error(answer?.message ?? `The checkout answered HTTP ${response.status}`);
          }
          open(answer.data.access_code, options);
        })
        .catch((error) => call(options.onError, { message: error.message }));
    }

    /** Cancels the open checkout, as the shopper's "Cancel payment" would. */
    cancelTransaction() {
      active?.cancel();
    }
  }

  window.PaystackPop = PaystackPop;
})();
