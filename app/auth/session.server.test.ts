import { describe, expect, test } from "vitest";
import { hasBusinessRole } from "./roles.ts";
import { safeRedirectPath } from "./session.server.ts";

describe("the page /Login returns to", () => {
  test.each([
    ["/profile", "/profile"],
    ["/profile?tab=security#sessions", "/profile?tab=security#sessions"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s → %s", (given, expected) => {
    expect(safeRedirectPath(given)).toBe(expected);
  });
});

describe("business roles", () => {
  test("an owner may do what a manager and staff may; staff only what staff may", () => {
    expect(hasBusinessRole("owner", "manager")).toBe(true);
    expect(hasBusinessRole("manager", "staff")).toBe(true);
    expect(hasBusinessRole("manager", "owner")).toBe(false);
    expect(hasBusinessRole("staff", "manager")).toBe(false);
    expect(hasBusinessRole("staff", "staff")).toBe(true);
  });
});
