import type { Reporter, TestModule } from "vitest/node";

/** Ends every run with one plain, machine-readable line: `N passed, N failed[, N skipped]`. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) counts[test.result().state] += 1;
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) {
        counts.failed += 1;
      }
    }
    counts.failed += unhandledErrors.length;
    const skipped = counts.skipped + counts.pending;
    console.log(
      `\n${counts.passed} passed, ${counts.failed} failed${skipped ? `, ${skipped} skipped` : ""}`,
    );
  }
}
