import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/components/toast.ts";

/** What the popup needs of a payment the server started. */
interface StartedPayment {
  accessCode: string;
  authorizationUrl: string;
}

/**
 * Opens the provider's popup for a payment the server started, then hands the result to the
 * server: success → `confirmAction` (/checkout, or a bill's /pay/{id}) confirms it (verifying
 * with the provider) and shows what was paid; cancel or failure → a toast and `onNotPaid`, the orders stay saved. When the
 * confirmation itself fails (the provider errs or doesn't answer), the server says so (502 with a
 * message): a toast tells the shopper the payment will still be picked up, and `onNotPaid` shows
 * the saved orders, never an error page.
 */
export function usePaystackPayment<Payment extends StartedPayment>(
  inlineScriptUrl: string,
  onNotPaid: (payment: Payment) => void,
  {
    confirmAction = "/checkout",
    keptWords = "Your order is saved",
  }: {
    /** Where the success is confirmed. */
    confirmAction?: string;
    /** What stays when the popup is closed unpaid. */
    keptWords?: string;
  } = {},
) {
  const confirm = useFetcher<{ message?: string }>();
  const [popupOpen, setPopupOpen] = useState(false);
  const { submit } = confirm;
  const confirming = useRef<Payment | null>(null);

  const failure = confirm.state === "idle" ? confirm.data?.message : undefined;
  useEffect(() => {
    const payment = confirming.current;
    if (!failure || !payment) return;
    confirming.current = null;
    toast.error(failure);
    onNotPaid(payment);
  }, [failure, onNotPaid]);

  const pay = useCallback(
    (payment: Payment) => {
      setPopupOpen(true);
      // The popup's loader comes with the first payment, like the provider's script it loads
      // (decision 015); a failure to load either takes the provider's own page below.
      import("#app/payments/paystack-inline.ts")
        .then(({ openPaystackPopup }) => openPaystackPopup(inlineScriptUrl, payment.accessCode))
        .then((outcome) => {
          setPopupOpen(false);
          if (outcome.kind === "success") {
            confirming.current = payment;
            submit(
              { intent: "confirm", reference: outcome.reference },
              { method: "post", action: confirmAction },
            );
            return;
          }
          if (outcome.kind === "cancel") {
            // Closing the popup after a declined card looks the same: not paid, nothing taken.
            toast.info(`Payment not completed. ${keptWords}: pay when you're ready.`);
          } else {
            toast.error(`${outcome.message}. ${keptWords}: try again.`);
          }
          onNotPaid(payment);
        })
        .catch(() => {
          // The provider's script didn't load (blocked, offline): its own page still works.
          window.location.assign(payment.authorizationUrl);
        });
    },
    [inlineScriptUrl, submit, onNotPaid, confirmAction, keptWords],
  );

  return { pay, busy: popupOpen || confirm.state !== "idle" };
}
