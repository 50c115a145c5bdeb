import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { storefrontProducts } from "#app/catalog/storefront.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, images, productImages, products } from "#app/db/schema.server.ts";
import * as productEdit from "#app/routes/vendor-product.tsx";
import * as productImagesRoute from "#app/routes/vendor-product-images.ts";
import * as productNew from "#app/routes/vendor-product-new.tsx";
import { search } from "#app/search/search.server.ts";
import { outcomeOf, postTo } from "#tests/support/accounts.ts";
import { createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createRoleFixtures, type RoleFixtures } from "#tests/support/role-matrix.ts";
import { routeArgs } from "#tests/support/router-context.ts";

let database: DatabaseHandle;
let fixtures: RoleFixtures;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  dataDir = await mkdtemp(path.join(tmpdir(), "oja-catalogue-"));
  env = { DATA_DIR: dataDir };
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const slug = () => fixtures.business.slug;
const newPath = () => `/vendor/${slug()}/products/new`;
const editPath = (id: string) => `/vendor/${slug()}/products/${id}`;

const validForm = {
  intent: "save",
  name: "Red Ankara Dress",
  slug: "",
  description: "Hand-sewn in Aba.",
  price: "12,500.50",
  compareAt: "15000",
  sizes: "S, M, L",
  stock: "4",
  tags: "Ankara, gift-idea",
  status: "active",
};

function createAs(role: "manager" | "owner" | "staff", form: Record<string, string>) {
  return postTo(database.db, productNew, newPath(), form, {
    cookie: fixtures.cookies[role],
    pattern: "/vendor/:business/products/new",
    params: { business: slug() },
    env,
  });
}

function editAs(
  role: "manager" | "owner" | "staff" | "ownerOfOther",
  id: string,
  form: Record<string, string>,
) {
  return postTo(database.db, productEdit, editPath(id), form, {
    cookie: fixtures.cookies[role],
    pattern: "/vendor/:business/products/:productId",
    params: { business: slug(), productId: id },
    env,
  });
}

async function uploadPicture(
  role: "manager" | "staff",
  bytes: Uint8Array<ArrayBuffer>,
  name = "dress.png",
) {
  const body = new FormData();
  body.append("file", new File([bytes], name, { type: "image/png" }));
  body.append("alt", "Red dress");
  const url = `http://localhost:3000/vendor/${slug()}/products/images`;
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { origin: "http://localhost:3000", cookie: fixtures.cookies[role] },
  });
  const args = await routeArgs(
    database.db,
    request,
    "/vendor/:business/products/images",
    { business: slug() },
    env,
  );
  return outcomeOf(() => productImagesRoute.action(args as never));
}

/** Posts the product form with pictures: `image` repeated, in order (postTo keeps one value a name). */
async function createWithPictures(productSlug: string, imageIds: string[]) {
  const request = new Request(`http://localhost:3000${newPath()}`, {
    method: "POST",
    body: new URLSearchParams([
      ...Object.entries({ ...validForm, slug: productSlug }),
      ...imageIds.map((id) => ["image", id] as [string, string]),
    ]),
    headers: { origin: "http://localhost:3000", cookie: fixtures.cookies.manager },
  });
  const args = await routeArgs(
    database.db,
    request,
    "/vendor/:business/products/new",
    { business: slug() },
    env,
  );
  return outcomeOf(() => productNew.action(args as never));
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();

async function productBySlug(productSlug: string) {
  const [row] = await database.db
    .select()
    .from(products)
    .where(and(eq(products.businessId, fixtures.business.id), eq(products.slug, productSlug)));
  return row;
}

describe("creating a product", () => {
  test("a manager's product is saved in kobo with its lists, and the log says who made it", async () => {
    const answer = await createAs("manager", validForm);
    expect(answer.status).toBe(302);
    const product = await productBySlug("red-ankara-dress");
    expect(product).toMatchObject({
      name: "Red Ankara Dress",
      priceKobo: 1_250_050,
      compareAtKobo: 1_500_000,
      sizes: ["S", "M", "L"],
      tags: ["ankara", "gift-idea"],
      stock: 4,
      status: "active",
    });
    expect(answer.location).toBe(`/vendor/${slug()}/products/${product?.id}?notice=created`);
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "product.created"),
          eq(auditEvents.subjectId, fixtures.business.id),
        ),
      );
    expect(event).toMatchObject({ actorId: fixtures.userIds.manager });
    expect(event?.details).toMatchObject({ productId: product?.id, slug: "red-ankara-dress" });
  });

  test("a second product of the same name gets the next free slug", async () => {
    await createAs("owner", validForm);
    expect(await productBySlug("red-ankara-dress-2")).toBeDefined();
  });

  test("bad fields answer 400 with a message beside each, and nothing is saved", async () => {
    const answer = await createAs("manager", {
      ...validForm,
      name: " ",
      slug: "Not a slug!",
      price: "twelve",
      compareAt: "1",
      stock: "-1",
      status: "archived",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        name: "Name is needed",
        slug: "Slug may use only letters, numbers and single hyphens, like red-ankara-dress",
        price: "Price must be a number like 12500.00",
        stock: "Stock must be a whole number from 0 to 1000000",
        status: "Status must be draft or active",
      },
    });
  });

  test("a compare-at price that isn't above the price is refused", async () => {
    const answer = await createAs("manager", {
      ...validForm,
      slug: "cheap",
      compareAt: "12500.50",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: { compareAt: "Compare-at price must be above the price (it shows the saving)" },
    });
    expect(await productBySlug("cheap")).toBeUndefined();
  });

  test("a slug another product of the business uses is refused on the slug field", async () => {
    const answer = await createAs("manager", { ...validForm, slug: "red-ankara-dress" });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: { slug: "Another product of this business already uses this slug" },
    });
  });

  test("staff cannot create products: the page doesn't exist for them", async () => {
    const answer = await createAs("staff", { ...validForm, slug: "by-staff" });
    expect(answer.status).toBe(404);
    expect(await productBySlug("by-staff")).toBeUndefined();
  });
});

describe("editing a product", () => {
  test("staff cannot edit products: 404, and the product is unchanged", async () => {
    const product = await createProduct(database.db, {
      businessId: fixtures.business.id,
      name: "Shea Butter",
      slug: "shea-butter",
    });
    const answer = await editAs("staff", product.id, { ...validForm, name: "Renamed by staff" });
    expect(answer.status).toBe(404);
    expect(answer.thrown).toBe(true);
    expect((await productBySlug("shea-butter"))?.name).toBe("Shea Butter");
  });

  test("another business's product id is a 404 to a manager, and to that business's owner via this console", async () => {
    const theirs = await createProduct(database.db, {
      businessId: fixtures.otherBusiness.id,
      slug: "theirs",
    });
    expect((await editAs("manager", theirs.id, validForm)).status).toBe(404);
    expect((await editAs("ownerOfOther", theirs.id, validForm)).status).toBe(404);
    expect((await editAs("manager", theirs.id, { intent: "archive" })).status).toBe(404);
    const [unchanged] = await database.db.select().from(products).where(eq(products.id, theirs.id));
    expect(unchanged?.status).toBe("active");
  });

  test("a manager changes the fields; an invalid edit answers 400 and changes nothing", async () => {
    const product = await createProduct(database.db, {
      businessId: fixtures.business.id,
      slug: "kaftan",
      name: "Kaftan",
    });
    const bad = await editAs("manager", product.id, {
      ...validForm,
      slug: "kaftan",
      price: "1.234",
    });
    expect(bad.status).toBe(400);
    const ok = await editAs("manager", product.id, {
      ...validForm,
      name: "Kaftan, linen",
      slug: "kaftan-linen",
      compareAt: "",
      status: "draft",
    });
    expect(ok.status).toBe(200);
    const saved = await productBySlug("kaftan-linen");
    expect(saved).toMatchObject({ name: "Kaftan, linen", compareAtKobo: null, status: "draft" });
  });
});

describe("pictures", () => {
  test("uploaded pictures are kept in the order posted; the first is the main one", async () => {
    const first = await uploadPicture("manager", await png());
    const second = await uploadPicture("manager", await png());
    expect(first.status).toBe(200);
    const idOf = async (answer: typeof first) =>
      ((await (answer.response as Response).json()) as { image: { id: string } }).image.id;
    const [firstId, secondId] = [await idOf(first), await idOf(second)];
    const created = await createWithPictures("with-pictures", [secondId, firstId]);
    expect(created.status).toBe(302);
    const product = await productBySlug("with-pictures");
    const rows = await database.db
      .select({ imageId: productImages.imageId, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, product?.id ?? ""))
      .orderBy(asc(productImages.position));
    expect(rows).toEqual([
      { imageId: secondId, position: 0 },
      { imageId: firstId, position: 1 },
    ]);
    const card = (await storefrontProducts(database.db, fixtures.business.id)).items.find(
      (item) => item.id === product?.id,
    );
    expect(card?.image?.url).toMatch(new RegExp(`/media/uploads/${secondId}\\.webp$`));
    // Another product can't borrow them, nor can anyone post a made-up id.
    const borrowed = await createWithPictures("borrower", [firstId]);
    expect(borrowed.status).toBe(400);
    expect(borrowed.data).toEqual({
      errors: { images: "One of the pictures is no longer available. Upload it again." },
    });
    expect((await createWithPictures("made-up", ["img_0000000000000000"])).status).toBe(400);
  });

  test("a fresh upload of another business can't be attached, even by its id (issue 16)", async () => {
    const theirs = "img_theirs0000000001";
    await database.db.insert(images).values({
      id: theirs,
      path: `uploads/${theirs}.webp`,
      width: 10,
      height: 10,
      businessId: fixtures.otherBusiness.id,
    });
    const borrowed = await createWithPictures("borrowed-upload", [theirs]);
    expect(borrowed.status).toBe(400);
    expect(await productBySlug("borrowed-upload")).toBeUndefined();
  });

  test("without JavaScript the pictures travel with the form and are stored once the fields pass", async () => {
    const post = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append("newImage", new File([await png()], "front.png", { type: "image/png" }));
      const request = new Request(`http://localhost:3000${newPath()}`, {
        method: "POST",
        body,
        headers: { origin: "http://localhost:3000", cookie: fixtures.cookies.manager },
      });
      const args = await routeArgs(
        database.db,
        request,
        "/vendor/:business/products/new",
        { business: slug() },
        env,
      );
      return outcomeOf(() => productNew.action(args as never));
    };
    const [{ total: imagesBefore } = { total: 0 }] = await database.db
      .select({ total: count() })
      .from(images);
    const refused = await post({ ...validForm, slug: "no-js", price: "" });
    expect(refused.status).toBe(400);
    const [{ total: imagesAfterRefusal } = { total: 0 }] = await database.db
      .select({ total: count() })
      .from(images);
    expect(imagesAfterRefusal).toBe(imagesBefore);
    // Refused after its pictures were stored (the address is taken): none of them stays behind.
    await createProduct(database.db, { businessId: fixtures.business.id, slug: "taken-no-js" });
    const uploadsBefore = await readdir(path.join(dataDir, "media", "uploads")).catch(() => []);
    const taken = await post({ ...validForm, slug: "taken-no-js" });
    expect(taken.status).toBe(400);
    const [{ total: imagesAfterTaken } = { total: 0 }] = await database.db
      .select({ total: count() })
      .from(images);
    expect(imagesAfterTaken).toBe(imagesBefore);
    expect(await readdir(path.join(dataDir, "media", "uploads")).catch(() => [])).toEqual(
      uploadsBefore,
    );
    expect((await post({ ...validForm, slug: "no-js" })).status).toBe(302);
    const product = await productBySlug("no-js");
    const rows = await database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product?.id ?? ""));
    expect(rows).toHaveLength(1);
  });

  test("staff cannot upload pictures, and a file that isn't a picture is refused with a message", async () => {
    expect((await uploadPicture("staff", await png())).status).toBe(404);
    const notPicture = await uploadPicture("manager", new TextEncoder().encode("hello"), "a.png");
    expect(notPicture.status).toBe(400);
    expect(await notPicture.response?.json()).toEqual({
      message: "That file isn't a picture we can read. Use JPEG, PNG or WebP.",
    });
  });
});

describe("archiving", () => {
  test("an archived product leaves the storefront and search; restoring makes it a draft", async () => {
    const product = await createProduct(database.db, {
      businessId: fixtures.business.id,
      slug: "zobo-hibiscus-drink",
      name: "Zobo hibiscus drink",
    });
    const visible = async () => ({
      shop: (await storefrontProducts(database.db, fixtures.business.id)).items.some(
        (item) => item.id === product.id,
      ),
      search: (await search(database.db, { kind: "products", text: "zobo hibiscus" })).items.some(
        (item) => item.id === product.id,
      ),
    });
    expect(await visible()).toEqual({ shop: true, search: true });
    expect((await editAs("manager", product.id, { intent: "archive" })).status).toBe(200);
    expect(await visible()).toEqual({ shop: false, search: false });
    const edit = await editAs("manager", product.id, { ...validForm, slug: "zobo-hibiscus-drink" });
    expect(edit.status).toBe(409);
    expect((await editAs("manager", product.id, { intent: "restore" })).status).toBe(200);
    expect((await productBySlug("zobo-hibiscus-drink"))?.status).toBe("draft");
    const actions = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, fixtures.business.id));
    expect(actions.map((row) => row.action)).toContain("product.archived");
  });
});
