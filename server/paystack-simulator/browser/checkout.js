/*
 * The simulator's hosted checkout, in the browser. The page works without this script (plain
 * form posts); the script adds the test cards' "Use" buttons, focus, a guard against paying
 * twice, and, inside the inline script's overlay, the messages to the shop's page.
 */
(() => {
  const body = document.body;
  const parentOrigin = body.dataset.parentOrigin;
  const framed = Boolean(parentOrigin) && window.parent !== window;

  /** Tells the overlay (inline.js) on the shop's page; only that origin can read it. */
  function tell(message) {
    if (framed)
      window.parent.postMessage({ source: "paystack-simulator", ...message }, parentOrigin);
  }

  const cancelForm = document.querySelector("form.cancel-form");
  function cancel() {
    if (cancelForm) cancelForm.requestSubmit();
  }

  if (body.dataset.message) {
    tell(JSON.parse(body.dataset.message));
  } else if (body.dataset.accessCode) {
    tell({
      type: "loaded",
      data: {
        id: body.dataset.transactionId,
        accessCode: body.dataset.accessCode,
        reference: body.dataset.reference,
      },
    });
  }

  // Escape cancels, in the overlay as in Paystack's popup.
  if (framed) {
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !cancelForm) return;
      event.preventDefault();
      cancel();
    });
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || event.origin !== parentOrigin) return;
      if (event.data?.source === "paystack-inline" && event.data.type === "cancel") {
        if (cancelForm) cancel();
        else tell({ type: "cancel" });
      }
    });
  }

  const field = (name) => document.getElementById(name);
  const grouped = (digits) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

  // A test card in one click: its number, an expiry two years ahead and Paystack's test CVV.
  for (const button of document.querySelectorAll("button.use-card")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      const year = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
      field("number").value = grouped(button.dataset.card);
      field("expiry").value = `12/${year}`;
      field("cvv").value = "408";
      document.querySelector("button.pay")?.focus();
    });
  }

  field("number")?.addEventListener("blur", (event) => {
    const digits = event.target.value.replace(/\D/g, "");
    if (digits) event.target.value = grouped(digits);
  });
  field("expiry")?.addEventListener("blur", (event) => {
    const digits = event.target.value.replace(/\D/g, "");
    if (digits.length === 4) event.target.value = `${digits.slice(0, 2)}/${digits.slice(2)}`;
  });

  // One payment per click: a second submit while the first is on its way is ignored.
  const payForm = document.querySelector("form.card-form");
  let paying = false;
  payForm?.addEventListener("submit", (event) => {
    if (paying) {
      event.preventDefault();
      return;
    }
    paying = true;
    const button = payForm.querySelector("button.pay");
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Processing…";
  });

  // Focus where the shopper has to look: the first problem, the outcome, or the card number.
  const invalid = document.querySelector("[aria-invalid='true']");
  const alert = document.getElementById("alert");
  if (invalid) invalid.focus();
  else if (alert) alert.focus();
  else if (body.dataset.message || !body.dataset.accessCode) field("title")?.focus();
  else if (framed) field("number")?.focus();
})();
