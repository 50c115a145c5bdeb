import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { routeChunkFailedEvent } from "#app/updates/chunk-reload.ts";

/**
 * When a page's code failed to load twice within the reload guard's 10 seconds, the shopper
 * stays on the page they were on, and this says so, with a link that loads the page they asked
 * for in full when they choose to (updates/chunk-reload.ts). Part of the root, so it needs no
 * chunk of its own to appear.
 */
export function RouteChunkFailure() {
  const [target, setTarget] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const onFailure = (event: Event) => {
      const detail = (event as CustomEvent<{ target: string }>).detail;
      setTarget(detail.target);
      // React Router's navigation waits forever for the module it couldn't load: end it by
      // staying where the shopper is.
      navigate(`${location.pathname}${location.search}${location.hash}`, {
        replace: true,
        preventScrollReset: true,
      });
    };
    window.addEventListener(routeChunkFailedEvent, onFailure);
    return () => window.removeEventListener(routeChunkFailedEvent, onFailure);
  }, [location, navigate]);

  if (!target) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-[70] mx-auto flex max-w-md items-start gap-3 rounded-card border border-line bg-surface p-4 text-sm text-ink shadow-lg"
    >
      <p className="flex-1">
        That page didn't load. Check your connection, then{" "}
        <Link
          to={target}
          reloadDocument
          className="font-semibold text-brand-strong underline"
          onClick={() => setTarget(null)}
        >
          try again
        </Link>
        .
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => setTarget(null)}
        className="-m-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-surface-sunken"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
