import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * The server's clock in the browser (issue 22, decision 054): the page is rendered with the
 * server's time, and the browser keeps the difference between that and its own clock from the
 * moment it hydrates. A phone whose clock is wrong by an hour shows the same countdown as any
 * other, and a reload never restarts one: every countdown runs to a fixed server instant.
 */
export function useServerNow(serverNow: number): number {
  const [offset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}

/** "2d 04:10:09", "04:10:09" or "09:59": what is left until an instant. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(Math.ceil(remainingMs / 1000), 0);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, "0");
  const clock =
    days > 0 || hours > 0
      ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
      : `${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * A countdown to `until` on the server's clock; when it reaches zero the page's data is loaded
 * again (the sale opens or ends, the hold runs out), once.
 */
export function Countdown({ until, now, label }: { until: number; now: number; label: string }) {
  const revalidator = useRevalidator();
  const reached = now >= until;
  const revalidated = useRef(false);
  useEffect(() => {
    if (!reached || revalidated.current) return;
    revalidated.current = true;
    void revalidator.revalidate();
  }, [reached, revalidator]);
  return (
    <span role="timer" aria-label={`${label} ${formatCountdown(until - now)}`}>
      {formatCountdown(until - now)}
    </span>
  );
}
