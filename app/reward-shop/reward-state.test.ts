import { describe, expect, test } from "vitest";
import { rewardState } from "./reward-state.ts";

const reward = {
  status: "active" as const,
  startsOn: "2026-12-01",
  endsOn: "2026-12-31" as string | null,
  stock: 5 as number | null,
};

describe("a reward's state on a Lagos day", () => {
  test("is in the shop from its first day through its last", () => {
    expect(rewardState(reward, "2026-12-01")).toBe("on-offer");
    expect(rewardState(reward, "2026-12-31")).toBe("on-offer");
    expect(rewardState({ ...reward, endsOn: null, stock: null }, "2030-01-01")).toBe("on-offer");
  });

  test("is scheduled before its first day and ended after its last", () => {
    expect(rewardState(reward, "2026-11-30")).toBe("scheduled");
    expect(rewardState(reward, "2027-01-01")).toBe("ended");
  });

  test("has all gone when nothing is left, and archived wins over everything", () => {
    expect(rewardState({ ...reward, stock: 0 }, "2026-12-10")).toBe("sold-out");
    expect(rewardState({ ...reward, status: "archived", stock: 0 }, "2026-12-10")).toBe("archived");
  });
});
