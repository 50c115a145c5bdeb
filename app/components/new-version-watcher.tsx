import { useEffect } from "react";
import { reloadPage } from "#app/updates/chunk-reload.ts";
import { watchForNewVersion } from "#app/updates/new-version.ts";
import { toast } from "./toast.ts";

/** Tells the shopper when a new version of Oja is deployed, and offers to load it. */
export function NewVersionWatcher({ pollIntervalMs }: { pollIntervalMs: number }) {
  useEffect(() => {
    const buildId = import.meta.env.VITE_BUILD_ID;
    if (buildId === "dev") return; // the dev server reloads by itself
    return watchForNewVersion({
      currentBuildId: buildId,
      pollIntervalMs,
      onNewVersion: () =>
        toast.info("A new version of Oja is ready", {
          description: "It loads on your next page, or now.",
          duration: Number.POSITIVE_INFINITY,
          action: { label: "Reload now", onClick: reloadPage },
        }),
    });
  }, [pollIntervalMs]);
  return null;
}
