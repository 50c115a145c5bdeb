import {
  type BuildInfo,
  newerBuildSeen,
  noteNewerBuild,
  resetNewVersionState,
} from "./newer-build.ts";

/**
 * New-version detection (spec sections 7 and 9): the build writes /version/latest.json (id and
 * time, served uncached) and /version/{id}.json (its manifest). The browser checks about 1 s
 * after it is first idle, then polls; once a newer build is seen, the next navigation is a full
 * page load (see the root's clientMiddleware) and the caller offers "Reload now".
 */
export const idleCheckDelayMs = 1000;
export const defaultPollIntervalMs = 60 * 60 * 1000;

export type { BuildInfo };
export { newerBuildSeen, resetNewVersionState };

/** The HTTP client loads with the first check, which comes after the page is idle. */
export async function fetchLatestBuild(): Promise<BuildInfo> {
  const { http } = await import("#app/http/http-client.ts");
  return http.request<BuildInfo>("/version/latest.json", {
    cache: "no-store",
    timeout: 5000,
    retries: 0,
  });
}

interface WatchOptions {
  currentBuildId: string;
  pollIntervalMs?: number;
  onNewVersion(build: BuildInfo): void;
  latest?: () => Promise<BuildInfo>;
}

export function watchForNewVersion({
  currentBuildId,
  pollIntervalMs = defaultPollIntervalMs,
  onNewVersion,
  latest = fetchLatestBuild,
}: WatchOptions): () => void {
  let stopped = false;
  async function check() {
    if (stopped || newerBuildSeen()) return;
    try {
      const build = await latest();
      if (!stopped && !newerBuildSeen() && build.id !== currentBuildId) {
        noteNewerBuild(build);
        onNewVersion(build);
      }
    } catch {
      // Offline or mid-deploy: the next poll tries again.
    }
  }
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = (run: () => void) =>
    typeof globalThis.requestIdleCallback === "function"
      ? globalThis.requestIdleCallback(run)
      : setTimeout(run, 0);
  whenIdle(() => {
    delayTimer = setTimeout(check, idleCheckDelayMs);
  });
  const pollTimer = setInterval(check, pollIntervalMs);
  return () => {
    stopped = true;
    clearTimeout(delayTimer);
    clearInterval(pollTimer);
  };
}
