import { useEffect } from "react";
import { reloadPage } from "#app/updates/chunk-reload.ts";
import { toast } from "./toast.ts";

/** Tells the shopper when a new version of Oja is deployed, and offers to load it. */
export function NewVersionWatcher({ pollIntervalMs }: { pollIntervalMs: number }) {
  useEffect(() => {
    const buildId = import.meta.env.VITE_BUILD_ID;
    if (buildId === "dev") return; // the dev server reloads by itself
    // The checking code loads once the page is up, not with it: the first check waits for the
    // page to be idle anyway (decision 015).
    let stopped = false;
    let stop: (() => void) | undefined;
    import("#app/updates/new-version.ts").then(
      ({ watchForNewVersion }) => {
        if (stopped) return;
        stop = watchForNewVersion({
          currentBuildId: buildId,
          pollIntervalMs,
          onNewVersion: () =>
            toast.info("A new version of Oja is ready", {
              description: "It loads on your next page, or now.",
              duration: Number.POSITIVE_INFINITY,
              action: { label: "Reload now", onClick: reloadPage },
            }),
        });
      },
      () => {
        // Not loaded (offline, or a deploy under way): no check on this page; the next has one.
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [pollIntervalMs]);
  return null;
}
