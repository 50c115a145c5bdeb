import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, businesses, businessMembers, images, users } from "#app/db/schema.server.ts";
import { latestEmailTo } from "#app/email/outbox.server.ts";
import * as adminApplications from "#app/routes/admin-applications.tsx";
import * as adminBusinesses from "#app/routes/admin-businesses.tsx";
import * as slugCheck from "#app/routes/api-vendor-slug-check.ts";
import * as businessPage from "#app/routes/business-page.tsx";
import * as listing from "#app/routes/businesses-listing.tsx";
import * as searchResults from "#app/routes/search-results.tsx";
import * as sitemapPage from "#app/routes/sitemap-page.ts";
import * as storefront from "#app/routes/storefront.tsx";
import * as vendor from "#app/routes/vendor.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { confirmEmail, pictureFile, postMultipart } from "#tests/support/vendor.ts";

let database: DatabaseHandle;
let dataDir: string;
let env: Record<string, string>;
let categoryId: string;
let admin: TestAccount;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "oja-apply-"));
  env = { DATA_DIR: dataDir };
  categoryId = (await createCategory(db(), { slug: "spas-wellness" })).id;
  admin = await signUpAs(db(), { name: "Admin Ada" });
  await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.userId));
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function verifiedShopper(name = "Bisi Ade") {
  const person = await signUpAs(db(), { name });
  await confirmEmail(db(), person.userId);
  return person;
}

function application(overrides: Record<string, string | File> = {}) {
  return {
    name: "Bisi's Braids",
    slug: "bisis-braids",
    categoryId,
    city: "Ibadan",
    address: "4 Ring Road, Challenge",
    phone: "0803 123 4567",
    description: "Knotless braids, cornrows and wig installs in a calm salon.",
    ...overrides,
  };
}

const applyAs = (person: TestAccount, fields: Record<string, string | File>) =>
  postMultipart(db(), vendor, "/vendor", fields, { cookie: person.cookie, env });

const businessBySlug = async (slug: string) =>
  (await db().select().from(businesses).where(eq(businesses.slug, slug)))[0];

describe("applying on /vendor", () => {
  test("someone whose email isn't confirmed is told to confirm it, and nothing is created", async () => {
    const person = await signUpAs(db(), { name: "Unverified Uche" });
    const answer = await applyAs(person, application({ slug: "uche-salon" }));
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ errors: { form: expect.stringMatching(/Confirm your email/) } });
    expect(await businessBySlug("uche-salon")).toBeUndefined();
    const page = await getFrom(db(), vendor, "/vendor", { cookie: person.cookie });
    expect(page.data).toMatchObject({ emailVerified: false, application: null });
  });

  test("a verified shopper's application waits for review with their logo, default hours and an audit entry", async () => {
    const person = await verifiedShopper();
    const answer = await applyAs(
      person,
      application({ logo: await pictureFile(), cover: await pictureFile("cover.png", "#333333") }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/vendor#application");
    const business = await businessBySlug("bisis-braids");
    expect(business).toMatchObject({
      status: "pending",
      applicantId: person.userId,
      phone: "+2348031234567",
      email: person.email,
      hours: expect.objectContaining({ mon: [["09:00", "18:00"]], sun: [] }),
    });
    const [logo] = await db()
      .select()
      .from(images)
      .where(eq(images.id, business?.logoImageId ?? ""));
    expect(logo?.path).toMatch(/^uploads\/img_/);
    expect(business?.coverImageId).toBeTruthy();
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "business.applied"),
          eq(auditEvents.subjectId, business?.id ?? ""),
        ),
      );
    expect(audit?.actorId).toBe(person.userId);

    const page = await getFrom(db(), vendor, "/vendor", { cookie: person.cookie });
    expect(page.data).toMatchObject({
      application: { name: "Bisi's Braids", slug: "bisis-braids", status: "pending" },
      memberships: [],
    });
    // Nobody is a member yet, and the public never sees it.
    expect(
      await db()
        .select()
        .from(businessMembers)
        .where(eq(businessMembers.businessId, business?.id ?? "")),
    ).toEqual([]);
    const publicPage = await getFrom(db(), businessPage, "/bisis-braids", {
      pattern: "/:id",
      params: { id: "bisis-braids" },
    });
    expect(publicPage.status).toBe(404);

    // A second application while this one waits is refused.
    const again = await applyAs(person, application({ slug: "bisis-second-salon" }));
    expect(again.status).toBe(409);
    expect(await businessBySlug("bisis-second-salon")).toBeUndefined();
  });

  test("bad fields answer a message each and create nothing", async () => {
    const person = await verifiedShopper();
    const answer = await applyAs(
      person,
      application({
        name: "",
        slug: "Bad Slug!",
        categoryId: "cat_nope",
        phone: "12345",
        description: "Too short",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        name: "Enter your business's name",
        slug: "Use letters, numbers and single hyphens only",
        phone: "Enter a Nigerian phone number such as 0803 123 4567",
        description: "Use at least 20 characters",
      },
    });
    const unknownCategory = await applyAs(
      person,
      application({ slug: "fine-slug", categoryId: "cat_nope" }),
    );
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.data).toEqual({
      errors: { categoryId: "Choose a category from the list" },
    });
    const notAPicture = await applyAs(
      person,
      application({
        slug: "fine-slug",
        logo: new File(["hello"], "logo.png", { type: "image/png" }),
      }),
    );
    expect(notAPicture.status).toBe(400);
    expect(notAPicture.data).toEqual({
      errors: { logo: expect.stringMatching(/isn't a picture/) },
    });
    expect(await businessBySlug("fine-slug")).toBeUndefined();
  });

  test("a good logo with a cover that isn't a picture leaves no file behind (issue 16)", async () => {
    const person = await verifiedShopper("Orphan Ola");
    const uploads = path.join(dataDir, "media", "uploads");
    const before = await readdir(uploads).catch(() => []);
    const answer = await applyAs(
      person,
      application({
        slug: "no-orphans",
        logo: await pictureFile(),
        cover: new File(["hello"], "cover.png", { type: "image/png" }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ errors: { cover: expect.stringMatching(/isn't a picture/) } });
    expect(await readdir(uploads).catch(() => [])).toEqual(before);
    expect(await businessBySlug("no-orphans")).toBeUndefined();
  });

  test("an address that is reserved, taken or malformed is refused, by the live check and on submit", async () => {
    const person = await verifiedShopper();
    await createBusiness(db(), { categoryId, slug: "taken-spa" });
    const check = async (slug: string) =>
      (
        await getFrom(db(), slugCheck, `/api/vendor/slug-check?slug=${encodeURIComponent(slug)}`, {
          cookie: person.cookie,
        })
      ).response?.json();
    expect(await check("Fresh-Cuts")).toEqual({ available: true, slug: "fresh-cuts" });
    expect(await check("checkout")).toMatchObject({
      available: false,
      reason: expect.stringMatching(/reserved/),
    });
    expect(await check("ADMIN")).toMatchObject({
      available: false,
      reason: expect.stringMatching(/reserved/),
    });
    expect(await check("taken-spa")).toMatchObject({
      available: false,
      reason: expect.stringMatching(/already/),
    });
    expect(await check("no_underscores")).toMatchObject({
      available: false,
      reason: expect.stringMatching(/letters, numbers/),
    });
    expect(await check("ab")).toMatchObject({
      available: false,
      reason: "Use at least 3 characters",
    });

    for (const [slug, message] of [
      ["vendor", /reserved/],
      ["taken-spa", /already/],
    ] as const) {
      const answer = await applyAs(person, application({ slug }));
      expect(answer.status).toBe(400);
      expect((answer.data as { errors: Record<string, string> }).errors.slug).toMatch(message);
    }
  });
});

describe("reviewing applications at /admin/applications", () => {
  test("approving makes the business public and the applicant its owner, audited and emailed", async () => {
    const person = await verifiedShopper("Tolu Bello");
    await applyAs(person, application({ name: "Tolu Nails", slug: "tolu-nails" }));
    const business = await businessBySlug("tolu-nails");
    const list = await getFrom(db(), adminApplications, "/admin/applications", {
      cookie: admin.cookie,
    });
    expect(list.data).toMatchObject({
      applications: expect.arrayContaining([
        expect.objectContaining({
          id: business?.id,
          applicantEmail: person.email,
          phone: "+234 803 123 4567",
        }),
      ]),
    });

    const answer = await postTo(
      db(),
      adminApplications,
      "/admin/applications",
      { intent: "approve", businessId: business?.id ?? "" },
      { cookie: admin.cookie },
    );
    expect(answer.status).toBe(200);
    expect(await businessBySlug("tolu-nails")).toMatchObject({
      status: "active",
      reviewedBy: admin.userId,
      reviewedAt: expect.any(Date),
    });
    const [member] = await db()
      .select()
      .from(businessMembers)
      .where(eq(businessMembers.businessId, business?.id ?? ""));
    expect(member).toMatchObject({ userId: person.userId, role: "owner" });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "business.approved"),
          eq(auditEvents.subjectId, business?.id ?? ""),
        ),
      );
    expect(audit?.actorId).toBe(admin.userId);
    const email = await latestEmailTo(db(), person.email, "business-approved");
    expect(email?.subject).toBe("Tolu Nails is live on Oja");
    expect(email?.text).toContain("/vendor/tolu-nails");

    const vendorPage = await getFrom(db(), vendor, "/vendor", { cookie: person.cookie });
    expect(vendorPage.data).toMatchObject({
      application: null,
      memberships: [{ slug: "tolu-nails", role: "owner", status: "active" }],
    });
    const publicPage = await getFrom(db(), businessPage, "/tolu-nails", {
      pattern: "/:id",
      params: { id: "tolu-nails" },
    });
    expect(publicPage.status).toBe(200);

    // Deciding twice is refused.
    const twice = await postTo(
      db(),
      adminApplications,
      "/admin/applications",
      { intent: "reject", businessId: business?.id ?? "", reason: "Changed my mind about it" },
      { cookie: admin.cookie },
    );
    expect(twice.status).toBe(409);
    expect((await businessBySlug("tolu-nails"))?.status).toBe("active");
  });

  test("rejecting needs a reason, which the applicant reads on /vendor and by email; applying again reuses the application", async () => {
    const person = await verifiedShopper("Kemi Ade");
    await applyAs(person, application({ name: "Kemi Kicks", slug: "kemi-kicks" }));
    const business = await businessBySlug("kemi-kicks");
    const reject = (reason: string) =>
      postTo(
        db(),
        adminApplications,
        "/admin/applications",
        { intent: "reject", businessId: business?.id ?? "", reason },
        { cookie: admin.cookie },
      );
    const noReason = await reject("  ");
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({
      errors: { reason: expect.stringMatching(/Enter the reason/) },
    });
    expect((await businessBySlug("kemi-kicks"))?.status).toBe("pending");

    const reason = "Add a street address we can find on a map, please.";
    expect((await reject(reason)).status).toBe(200);
    expect(await businessBySlug("kemi-kicks")).toMatchObject({
      status: "rejected",
      reviewNote: reason,
    });
    expect((await latestEmailTo(db(), person.email, "business-rejected"))?.text).toContain(reason);
    const page = await getFrom(db(), vendor, "/vendor", { cookie: person.cookie });
    expect(page.data).toMatchObject({
      application: { status: "rejected", reviewNote: reason, city: "Ibadan" },
    });

    // The rejected address stays the applicant's own, and applying again reopens the same row.
    const check = await getFrom(db(), slugCheck, "/api/vendor/slug-check?slug=kemi-kicks", {
      cookie: person.cookie,
    });
    expect(await check.response?.json()).toMatchObject({ available: true });
    const stranger = await verifiedShopper("Stranger");
    const strangerCheck = await getFrom(db(), slugCheck, "/api/vendor/slug-check?slug=kemi-kicks", {
      cookie: stranger.cookie,
    });
    expect(await strangerCheck.response?.json()).toMatchObject({ available: false });

    const again = await applyAs(
      person,
      application({ name: "Kemi Kicks", slug: "kemi-kicks", address: "12 Bodija Market Road" }),
    );
    expect(again.status).toBe(302);
    expect(await businessBySlug("kemi-kicks")).toMatchObject({
      id: business?.id,
      status: "pending",
      address: "12 Bodija Market Road",
    });
  });

  test("an unknown intent or application answers 4xx without touching anything", async () => {
    const unknown = await postTo(
      db(),
      adminApplications,
      "/admin/applications",
      { intent: "approve", businessId: "biz_nope" },
      { cookie: admin.cookie },
    );
    expect(unknown.status).toBe(404);
    const noIntent = await postTo(
      db(),
      adminApplications,
      "/admin/applications",
      { intent: "explode", businessId: "biz_nope" },
      { cookie: admin.cookie },
    );
    expect(noIntent.status).toBe(400);
    expect(noIntent.data).toMatchObject({ errors: { form: "Choose approve or reject." } });
    // A name every object has is no decision either.
    const inherited = await postTo(
      db(),
      adminApplications,
      "/admin/applications",
      { intent: "constructor", businessId: "biz_nope" },
      { cookie: admin.cookie },
    );
    expect(inherited.status).toBe(400);
  });
});

describe("suspending and restoring at /admin/businesses", () => {
  test("a suspended business is gone from /b, /b/{id}, /{id}, search and the sitemap, and back when restored", async () => {
    const owner = await signUpAs(db(), { name: "Owner Obi" });
    const business = await createBusiness(db(), {
      categoryId,
      slug: "zuri-glow-spa",
      name: "Zuri Glow Spa",
      city: "Enugu",
    });
    await db()
      .insert(businessMembers)
      .values({ businessId: business.id, userId: owner.userId, role: "owner" });
    await createProduct(db(), {
      businessId: business.id,
      name: "Zuri Facial",
      slug: "zuri-facial",
    });

    async function visibility() {
      const list = await getFrom(db(), listing, "/b?city=Enugu", { pattern: "/b" });
      const store = await getFrom(db(), storefront, "/b/zuri-glow-spa", {
        pattern: "/b/:id",
        params: { id: "zuri-glow-spa" },
      });
      const page = await getFrom(db(), businessPage, "/zuri-glow-spa", {
        pattern: "/:id",
        params: { id: "zuri-glow-spa" },
      });
      const found = await getFrom(db(), searchResults, "/search/zuri?tab=businesses", {
        pattern: "/search/:id",
        params: { id: "zuri" },
      });
      const products = await getFrom(db(), searchResults, "/search/zuri facial?tab=products", {
        pattern: "/search/:id",
        params: { id: "zuri facial" },
      });
      const sitemap = await getFrom(db(), sitemapPage, "/sitemaps/businesses-1.xml", {
        pattern: "/sitemaps/:name",
        params: { name: "businesses-1.xml" },
      });
      const sitemapXml = sitemap.response ? await sitemap.response.text() : "";
      const names = (data: unknown) =>
        ((data as { result: { items: Array<{ name: string }> } | null }).result?.items ?? []).map(
          (item) => item.name,
        );
      return {
        listing: ((list.data as { items: Array<{ name: string }> }).items ?? []).some(
          (item) => item.name === "Zuri Glow Spa",
        ),
        storefront: store.status,
        page: page.status,
        search: names(found.data).includes("Zuri Glow Spa"),
        productSearch: names(products.data).includes("Zuri Facial"),
        sitemap: sitemapXml.includes("/zuri-glow-spa"),
      };
    }

    expect(await visibility()).toEqual({
      listing: true,
      storefront: 200,
      page: 200,
      search: true,
      productSearch: true,
      sitemap: true,
    });

    const suspend = (reason: string) =>
      postTo(
        db(),
        adminBusinesses,
        "/admin/businesses",
        { intent: "suspend", businessId: business.id, reason },
        { cookie: admin.cookie },
      );
    expect((await suspend("short")).status).toBe(400);
    expect(
      (await db().select().from(businesses).where(eq(businesses.id, business.id)))[0]?.status,
    ).toBe("active");

    const reason = "Selling counterfeit products; reported by three shoppers.";
    expect((await suspend(reason)).status).toBe(200);
    expect(await visibility()).toEqual({
      listing: false,
      storefront: 404,
      page: 404,
      search: false,
      productSearch: false,
      sitemap: false,
    });
    expect((await latestEmailTo(db(), owner.email, "business-suspended"))?.text).toContain(reason);
    const found = await getFrom(
      db(),
      adminBusinesses,
      "/admin/businesses?q=zuri&status=suspended",
      {
        cookie: admin.cookie,
      },
    );
    expect(found.data).toMatchObject({
      businesses: [{ slug: "zuri-glow-spa", status: "suspended", reviewNote: reason }],
    });
    // Suspending twice is refused.
    expect((await suspend(reason)).status).toBe(409);

    const restore = await postTo(
      db(),
      adminBusinesses,
      "/admin/businesses",
      { intent: "restore", businessId: business.id },
      { cookie: admin.cookie },
    );
    expect(restore.status).toBe(200);
    expect(await visibility()).toMatchObject({
      listing: true,
      storefront: 200,
      page: 200,
      search: true,
    });
    const actions = await db()
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, business.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "business.suspended", actorId: admin.userId },
        { action: "business.restored", actorId: admin.userId },
      ]),
    );
  });

  test("the list finds by name or address, filters by status and pages with ?after=", async () => {
    for (let n = 1; n <= 23; n++) {
      await createBusiness(db(), {
        categoryId,
        slug: `paging-shop-${n}`,
        name: `Paging Shop ${n}`,
      });
    }
    const first = await getFrom(db(), adminBusinesses, "/admin/businesses?q=paging-shop", {
      cookie: admin.cookie,
    });
    const firstPage = first.data as { businesses: Array<{ slug: string }>; nextCursor: string };
    expect(firstPage.businesses).toHaveLength(20);
    const second = await getFrom(
      db(),
      adminBusinesses,
      `/admin/businesses?q=paging-shop&after=${firstPage.nextCursor}`,
      { cookie: admin.cookie },
    );
    const secondPage = second.data as {
      businesses: Array<{ slug: string }>;
      nextCursor: string | null;
    };
    expect(secondPage.businesses).toHaveLength(3);
    expect(secondPage.nextCursor).toBeNull();
    const all = [...firstPage.businesses, ...secondPage.businesses].map((row) => row.slug);
    expect(new Set(all).size).toBe(23);

    const forged = await getFrom(db(), adminBusinesses, "/admin/businesses?after=bm9wZQ", {
      cookie: admin.cookie,
    });
    expect(forged.status).toBe(400);
    const pending = await getFrom(
      db(),
      adminBusinesses,
      "/admin/businesses?q=paging&status=pending",
      {
        cookie: admin.cookie,
      },
    );
    expect((pending.data as { businesses: unknown[] }).businesses).toEqual([]);
  });
});
