import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents } from "#app/db/schema.server.ts";
import * as delivery from "#app/routes/vendor-delivery.tsx";
import { getFrom, postTo } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { handoverSettingsFor } from "./settings.server.ts";

/**
 * The console's "Delivery and pickup" page (/vendor/{business}/delivery, decision 021) on a real
 * database: who may open and save it, what is saved, and that a refused form saves nothing.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(db());
}, 60_000);

afterAll(() => database.close());

const path = () => `/vendor/${fixtures.business.slug}/delivery`;
const route = () => ({
  pattern: "/vendor/:business/delivery",
  params: { business: fixtures.business.slug },
});

const lagos = {
  pickupAddress: "Shop 4, Ikeja City Mall",
  pickupHours: "Daily 10:00–20:00",
  freeDeliveryFrom: "25000",
  "area-0-city": "Lagos",
  "area-0-area": "Lekki",
  "area-0-fee": "1500",
  "area-0-estimate": "Same day",
  "area-1-city": "Lagos",
  "area-1-fee": "2,500.50",
  "area-1-estimate": "1–2 days",
};

describe("the console's delivery and pickup settings", () => {
  test("managers and owners open and save them; staff, other businesses, admins and shoppers get 404", async () => {
    const target = { path: path(), ...route() };
    await expectRoleMatrix(
      db(),
      fixtures,
      { ...target, run: delivery.loader },
      consoleManagersAndOwners,
    );
    const posting = ((args: { request: Request }) => {
      const request = new Request(args.request.url, {
        method: "POST",
        headers: args.request.headers,
        body: new URLSearchParams({ "area-0-city": "Kano" }),
      });
      return delivery.action({ ...args, request } as never);
    }) as (args: never) => unknown;
    await expectRoleMatrix(db(), fixtures, { ...target, run: posting }, consoleManagersAndOwners);
  });

  test("a manager saves pickup, places with fees and the free-delivery threshold, audited; the page shows them back", async () => {
    const answer = await postTo(db(), delivery, path(), lagos, {
      cookie: fixtures.cookies.manager,
      ...route(),
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ done: expect.stringContaining("these 2 places") });
    expect(await handoverSettingsFor(db(), fixtures.business.id)).toEqual({
      pickupAddress: "Shop 4, Ikeja City Mall",
      pickupHours: "Daily 10:00–20:00",
      freeDeliveryFromKobo: 2_500_000,
      areas: [
        { city: "Lagos", area: "Lekki", feeKobo: 150_000, estimate: "Same day" },
        { city: "Lagos", area: "", feeKobo: 250_050, estimate: "1–2 days" },
      ],
    });
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "business.delivery-updated"),
          eq(auditEvents.subjectId, fixtures.business.id),
        ),
      );
    expect(audits.at(-1)).toMatchObject({
      actorId: fixtures.userIds.manager,
      details: { areas: 2, freeDeliveryFromKobo: 2_500_000 },
    });
    const page = await getFrom(db(), delivery, path(), {
      cookie: fixtures.cookies.owner,
      ...route(),
    });
    expect(page.data).toMatchObject({
      freeDeliveryFrom: "25000",
      areas: [
        { city: "Lagos", area: "Lekki", fee: "1500", estimate: "Same day" },
        { city: "Lagos", area: "", fee: "2500.50", estimate: "1–2 days" },
      ],
    });
  });

  test("a refused form answers 400 with a message per field and changes nothing", async () => {
    const before = await handoverSettingsFor(db(), fixtures.business.id);
    const answer = await postTo(
      db(),
      delivery,
      path(),
      { ...lagos, pickupHours: "All day", "area-1-fee": "free", "area-2-city": "lagos" },
      { cookie: fixtures.cookies.owner, ...route() },
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        "area-1-fee": "Enter the fee in naira, such as 1500",
        "area-2-city": "lagos is listed twice",
        "area-2-fee": "Enter the fee in naira, or 0 for free delivery",
        "area-2-estimate": "Say how long delivery takes, e.g. Same day",
      },
    });
    expect(await handoverSettingsFor(db(), fixtures.business.id)).toEqual(before);
  });

  test("saving without places leaves pickup only", async () => {
    const answer = await postTo(
      db(),
      delivery,
      path(),
      { pickupAddress: "", pickupHours: "", freeDeliveryFrom: "" },
      { cookie: fixtures.cookies.owner, ...route() },
    );
    expect(answer.data).toEqual({ done: expect.stringContaining("you don't deliver") });
    expect(await handoverSettingsFor(db(), fixtures.business.id)).toMatchObject({
      areas: [],
      freeDeliveryFromKobo: null,
    });
  });
});
