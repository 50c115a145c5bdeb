import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, businesses, businessMembers, images } from "#app/db/schema.server.ts";
import * as storefront from "#app/routes/storefront.tsx";
import * as profile from "#app/routes/vendor-profile.tsx";
import { getFrom, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { pictureFile, postMultipart } from "#tests/support/vendor.ts";
import { parseOpeningHours } from "./forms.ts";

let database: DatabaseHandle;
let dataDir: string;
let owner: TestAccount;
let manager: TestAccount;
let business: { id: string; slug: string };
let categoryId: string;
let otherCategoryId: string;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "oja-profile-"));
  categoryId = (await createCategory(db())).id;
  otherCategoryId = (await createCategory(db(), { name: "Hair & Beauty" })).id;
  business = await createBusiness(db(), { categoryId, slug: "amara-spa", name: "Amara Spa" });
  owner = await signUpAs(db(), { name: "Amara Owner" });
  manager = await signUpAs(db(), { name: "Manny Manager" });
  await db()
    .insert(businessMembers)
    .values([
      { businessId: business.id, userId: owner.userId, role: "owner" },
      { businessId: business.id, userId: manager.userId, role: "manager" },
    ]);
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const path_ = "/vendor/amara-spa/profile";
const params = { business: "amara-spa" };

function form(overrides: Record<string, string | File> = {}) {
  return {
    tagline: "Calm massages in the heart of Lekki",
    description: "Massages, facials and steam sessions by trained therapists.",
    phone: "0809 555 1234",
    email: "Hello@AmaraSpa.ng",
    address: "3 Fola Osibo Road, Lekki Phase 1",
    city: "Lagos",
    categoryId: otherCategoryId,
    brandColor: "#7A1F4B",
    "hours-mon-1-opens": "09:00",
    "hours-mon-1-closes": "13:00",
    "hours-mon-2-opens": "1400",
    "hours-mon-2-closes": "19.00",
    "hours-fri-1-opens": "18:00",
    "hours-fri-1-closes": "02:00",
    ...overrides,
  };
}

const save = (person: TestAccount, fields: Record<string, string | File>) =>
  postMultipart(db(), profile, path_, fields, {
    cookie: person.cookie,
    params,
    pattern: "/vendor/:business/profile",
    env: { DATA_DIR: dataDir },
  });

const row = async () =>
  (await db().select().from(businesses).where(eq(businesses.id, business.id)))[0];

describe("the profile, hours and branding of /vendor/{business}/profile", () => {
  test("the owner saves fields, hours, colour and logo in one go; the storefront shows the colour and logo", async () => {
    const answer = await save(owner, form({ logo: await pictureFile() }));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ done: expect.stringMatching(/saved/) });
    const saved = await row();
    expect(saved).toMatchObject({
      tagline: "Calm massages in the heart of Lekki",
      phone: "+2348095551234",
      email: "hello@amaraspa.ng",
      categoryId: otherCategoryId,
      brandColor: "#7a1f4b",
      hours: {
        mon: [
          ["09:00", "13:00"],
          ["14:00", "19:00"],
        ],
        tue: [],
        wed: [],
        thu: [],
        fri: [["18:00", "02:00"]],
        sat: [],
        sun: [],
      },
    });
    const [logo] = await db()
      .select()
      .from(images)
      .where(eq(images.id, saved?.logoImageId ?? ""));
    expect(logo?.alt).toBe("Amara Spa logo");
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "business.profile-updated"),
          eq(auditEvents.subjectId, business.id),
        ),
      );
    expect(audit).toMatchObject({ actorId: owner.userId, details: { logo: true, cover: false } });

    const page = await getFrom(db(), storefront, "/b/amara-spa", {
      pattern: "/b/:id",
      params: { id: "amara-spa" },
    });
    expect(page.data).toMatchObject({
      brand: { color: "#7a1f4b", logoUrl: expect.stringMatching(/^\/media\/uploads\/img_/) },
    });
  });

  test("a colour too light for white text is refused with its contrast, and nothing is saved", async () => {
    const before = await row();
    const answer = await save(owner, form({ brandColor: "#f5d90a", tagline: "Changed?" }));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        brandColor: expect.stringMatching(
          /contrast of only 1\.\d:1; choose a darker colour \(at least 4\.5:1\)/,
        ),
      },
    });
    expect(await row()).toMatchObject({ tagline: before?.tagline, brandColor: before?.brandColor });
  });

  test("bad hours, phone and email answer a message each", async () => {
    const answer = await save(
      owner,
      form({
        phone: "555",
        email: "not-an-email",
        "hours-tue-1-opens": "09:00",
        "hours-wed-1-opens": "25:00",
        "hours-wed-1-closes": "26:00",
        "hours-thu-1-opens": "10:00",
        "hours-thu-1-closes": "10:00",
        "hours-fri-2-opens": "01:00",
        "hours-fri-2-closes": "03:00",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        phone: "Enter a Nigerian phone number such as 0803 123 4567",
        email: "Enter an email address like hello@yourbusiness.ng, or leave it empty",
        "hours-tue": "Tuesday: give both the opening and the closing time, or leave both empty",
        "hours-wed": "Wednesday: use 24-hour times such as 09:00 or 18:30",
        "hours-thu": "Thursday: the closing time must differ from the opening time",
        "hours-fri": "Friday: only the last span of a day can run past midnight",
      },
    });
  });

  test("a manager gets 404 for the page and for saving, and nothing changes", async () => {
    const before = await row();
    const page = await getFrom(db(), profile, path_, {
      cookie: manager.cookie,
      params,
      pattern: "/vendor/:business/profile",
    });
    expect(page.status).toBe(404);
    const answer = await save(manager, form({ tagline: "A manager's tagline" }));
    expect(answer.status).toBe(404);
    expect((await row())?.tagline).toBe(before?.tagline);
  });
});

describe("parseOpeningHours", () => {
  test("a second span must start after the first closes", () => {
    expect(
      parseOpeningHours({
        "hours-sat-1-opens": "09:00",
        "hours-sat-1-closes": "14:00",
        "hours-sat-2-opens": "13:00",
        "hours-sat-2-closes": "18:00",
      }),
    ).toEqual({
      errors: {
        "hours-sat": "Saturday: the second span must start after the first one closes (14:00)",
      },
    });
  });

  test("times typed on a phone keypad read as 24-hour times", () => {
    expect(
      parseOpeningHours({ "hours-sun-1-opens": "9:30", "hours-sun-1-closes": "2100" }).hours?.sun,
    ).toEqual([["09:30", "21:00"]]);
    expect(
      parseOpeningHours({ "hours-sun-1-opens": "9am", "hours-sun-1-closes": "5pm" }).errors,
    ).toEqual({ "hours-sun": "Sunday: use 24-hour times such as 09:00 or 18:30" });
  });

  test("a week left empty is closed every day", () => {
    expect(parseOpeningHours({})).toEqual({
      hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    });
  });
});
