import type { FullResult, Reporter, TestCase } from "@playwright/test/reporter";

/** Ends the run with one plain line: `N passed, N failed[, N skipped]` (a flaky pass counts as passed). */
export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase) {
    this.tests.add(test);
  }

  onEnd(result: FullResult) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of this.tests) {
      const outcome = test.outcome();
      if (outcome === "skipped") counts.skipped += 1;
      else if (outcome === "unexpected") counts.failed += 1;
      else counts.passed += 1;
    }
    // A run that broke before any test (a server that never started) is a failure too.
    if (result.status !== "passed" && counts.failed === 0) counts.failed = 1;
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : "";
    console.log(`\n${counts.passed} passed, ${counts.failed} failed${skipped}`);
  }
}
