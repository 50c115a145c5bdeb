/*
 * The newer build seen since this page loaded (new-version.ts finds it), apart from the code
 * that looks for it: the root reads it on every navigation, while the checking loads after the
 * page is up (components/new-version-watcher.tsx, decision 015).
 */

export interface BuildInfo {
  id: string;
  time: string;
}

let newerBuild: BuildInfo | undefined;

/** The newer build seen since this page loaded, if any. */
export function newerBuildSeen(): BuildInfo | undefined {
  return newerBuild;
}

export function noteNewerBuild(build: BuildInfo) {
  newerBuild = build;
}

/** For tests: forget a newer build seen earlier. */
export function resetNewVersionState() {
  newerBuild = undefined;
}
