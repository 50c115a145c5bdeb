import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader as devErrorsLoader } from "./dev-errors.tsx";
import { loader as devKitLoader } from "./dev-kit.tsx";
import { loader as kitOptionsLoader } from "./dev-kit-options.ts";
import { loader as homeLoader } from "./home.tsx";
import { loader as notFoundLoader } from "./not-found.tsx";
import { loader as plannedLoader } from "./planned.tsx";
import { loader as searchFormLoader } from "./search-form.tsx";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(database.db);
  const business = await createBusiness(database.db, { categoryId: category.id, slug: "ewa-spa" });
  await createBusiness(database.db, {
    categoryId: category.id,
    slug: "closed-spa",
    status: "suspended",
  });
  await createProduct(database.db, {
    businessId: business.id,
    slug: "steam-session",
    priceKobo: 1_450_050,
  });
});

afterAll(() => database.close());

describe("a path that matches nothing", () => {
  test("names the path as it was typed, not percent-encoded", async () => {
    const thrown = await thrownBy(() =>
      notFoundLoader(loaderArgs(database.db, "/caf%C3%A9/%E2%82%A6", "*", { "*": "café/₦" })),
    );
    expect(thrown.data).toEqual({ message: "Page not found: /café/₦" });
  });

  test("answers 404 with the spec's message naming the path", async () => {
    const thrown = await thrownBy(() =>
      notFoundLoader(loaderArgs(database.db, "/no/such/page", "*", { "*": "no/such/page" })),
    );
    expect(thrown).toEqual({ status: 404, data: { message: "Page not found: /no/such/page" } });
  });
});

describe("a planned screen", () => {
  test("says what it will hold", async () => {
    const data = await plannedLoader(loaderArgs(database.db, "/collab", "/collab"));
    expect(data.screen.title).toBe("Partnerships");
  });
});

describe("the home page", () => {
  test("shows active businesses' products with prices in kobo, never suspended ones", async () => {
    const data = await homeLoader(loaderArgs(database.db, "/", "/"));
    expect(data.products.map((product) => [product.business.slug, product.priceKobo])).toEqual([
      ["ewa-spa", 1_450_050],
    ]);
    expect(data.businesses.map((business) => business.slug)).toEqual(["ewa-spa"]);
    expect(data.categories).toHaveLength(1);
  });
});

describe("the header search without JavaScript", () => {
  test("sends the term to its results page", async () => {
    const thrown = await thrownBy(() =>
      searchFormLoader(loaderArgs(database.db, "/search/ff?q=spa%20lekki", "/search/ff")),
    );
    expect(thrown).toEqual({ status: 302, data: "/search/spa%20lekki" });
  });
});

describe("the test-mode pages", () => {
  const live = { PAYSTACK_SECRET_KEY: "sk_live_x", PAYSTACK_PUBLIC_KEY: "pk_live_x" };

  test("open in test mode", async () => {
    expect(await devKitLoader(loaderArgs(database.db, "/dev/kit", "/dev/kit"))).toBeNull();
  });

  test("answer 404 once live Paystack keys are set", async () => {
    const kit = await thrownBy(() =>
      devKitLoader(loaderArgs(database.db, "/dev/kit", "/dev/kit", {}, live)),
    );
    expect(kit.status).toBe(404);
    const errors = await thrownBy(() =>
      devErrorsLoader(
        loaderArgs(
          database.db,
          "/dev/errors/loader",
          "/dev/errors/:kind",
          { kind: "loader" },
          live,
        ),
      ),
    );
    expect(errors).toEqual({
      status: 404,
      data: { message: "Page not found: /dev/errors/loader" },
    });
  });
});

describe("the kit's multiselect options", () => {
  async function options(query: string) {
    const response = await kitOptionsLoader(
      loaderArgs(database.db, `/dev/kit/options${query}`, "/dev/kit/options"),
    );
    return { status: response.status, body: await response.json() };
  }

  test("lists active businesses matching the search, never suspended ones", async () => {
    expect(await options("?q=SPA")).toEqual({
      status: 200,
      body: {
        options: [{ value: expect.stringMatching(/^biz_/), label: "Ewa Spa" }],
        hasMore: false,
      },
    });
  });

  test("pages with offset and limit", async () => {
    const first = await options("?limit=1");
    expect(first.body.hasMore).toBe(false);
    expect((await options("?offset=1")).body.options).toEqual([]);
  });

  test.each(["?offset=-1", "?offset=abc", "?limit=0"])(
    "%s answers 400 with a field message",
    async (query) => {
      const { status, body } = await options(query);
      expect(status).toBe(400);
      expect(Object.keys(body.fields)).toHaveLength(1);
    },
  );
});
