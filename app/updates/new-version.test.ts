import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  defaultPollIntervalMs,
  idleCheckDelayMs,
  newerBuildSeen,
  resetNewVersionState,
  watchForNewVersion,
} from "./new-version.ts";

beforeEach(() => {
  vi.useFakeTimers();
  resetNewVersionState();
});
afterEach(() => vi.useRealTimers());

const build = (id: string) => ({ id, time: "2026-11-22T10:00:00.000Z" });

test("the constants are the spec's: a check 1 s after idle, then hourly polls by default", () => {
  expect(idleCheckDelayMs).toBe(1000);
  expect(defaultPollIntervalMs).toBe(3_600_000);
});

test("the first check runs about 1 second after the page is idle", async () => {
  const latest = vi.fn(async () => build("b1"));
  const stop = watchForNewVersion({ currentBuildId: "b1", onNewVersion: vi.fn(), latest });
  await vi.advanceTimersByTimeAsync(idleCheckDelayMs - 1);
  expect(latest).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(latest).toHaveBeenCalledOnce();
  stop();
});

test("then it polls on the interval", async () => {
  const latest = vi.fn(async () => build("b1"));
  const stop = watchForNewVersion({
    currentBuildId: "b1",
    pollIntervalMs: 60_000,
    onNewVersion: vi.fn(),
    latest,
  });
  await vi.advanceTimersByTimeAsync(60_000 * 3);
  expect(latest).toHaveBeenCalledTimes(4); // once after idle, three polls
  stop();
});

test("a different build id is announced once and remembered for the next navigation", async () => {
  const onNewVersion = vi.fn();
  const latest = vi.fn(async () => build("b2"));
  const stop = watchForNewVersion({
    currentBuildId: "b1",
    pollIntervalMs: 1000,
    onNewVersion,
    latest,
  });
  await vi.advanceTimersByTimeAsync(5000);
  expect(onNewVersion).toHaveBeenCalledOnce();
  expect(onNewVersion).toHaveBeenCalledWith(build("b2"));
  expect(newerBuildSeen()).toEqual(build("b2"));
  stop();
});

test("a failed check is ignored and the next poll tries again", async () => {
  const onNewVersion = vi.fn();
  const latest = vi
    .fn<() => Promise<ReturnType<typeof build>>>()
    .mockRejectedValueOnce(new Error("offline"))
    .mockResolvedValue(build("b2"));
  const stop = watchForNewVersion({
    currentBuildId: "b1",
    pollIntervalMs: 5000,
    onNewVersion,
    latest,
  });
  await vi.advanceTimersByTimeAsync(idleCheckDelayMs);
  expect(latest).toHaveBeenCalledOnce();
  expect(onNewVersion).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(5000);
  expect(onNewVersion).toHaveBeenCalledOnce();
  stop();
});

test("stopping ends the polling", async () => {
  const latest = vi.fn(async () => build("b1"));
  const stop = watchForNewVersion({
    currentBuildId: "b1",
    pollIntervalMs: 1000,
    onNewVersion: vi.fn(),
    latest,
  });
  stop();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(latest).not.toHaveBeenCalled();
});
