import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as invoicePage from "#app/routes/vendor-invoice.tsx";
import * as invoiceNew from "#app/routes/vendor-invoice-new.tsx";
import * as invoicesList from "#app/routes/vendor-invoices.tsx";
import * as payLinksPage from "#app/routes/vendor-pay-links.tsx";
import { getFrom, outcomeOf } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  posting,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { pageRequest, routeArgs } from "#tests/support/router-context.ts";
import { createDraft, createPayLink, sendInvoice, voidInvoice } from "./invoices.server.ts";
import { invoices, payLinks } from "./schema.server.ts";

/**
 * Invoices' and pay links' part of the role matrix (issue 24, decision 058): they are for the
 * business's managers and owners; staff, other businesses' owners, admins and shoppers get the
 * 404 of a page that doesn't exist, guests are asked to sign in. Another business's invoice or
 * link is a 404 to its page and to every form, and stays as it was. Posts carry a form the guard
 * lets through to the action's own checks (a 400 or 409 counts as "ok": past the role check).
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
const db = () => database.db;
const request = new Request("http://localhost:3000/");

let draftId: string;
let sentId: string;
let voidId: string;
let otherInvoiceId: string;
let otherLinkId: string;

function invoiceForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  const dueOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const [name, value] of Object.entries({
    customerName: "Chiamaka Obi",
    customerEmail: "chiamaka@example.com",
    dueOn,
    discountKind: "none",
    ...fields,
  })) {
    form.set(name, value);
  }
  form.append("lineProduct", "");
  form.append("lineDescription", "Banner print");
  form.append("lineQuantity", "2");
  form.append("lineUnitPrice", "15000");
  return form;
}

async function drafted(businessId: string, userId: string) {
  const made = await createDraft(db(), { businessId, userId, request }, invoiceForm());
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  return made.invoiceId;
}

async function sent(businessId: string, userId: string) {
  const invoiceId = await drafted(businessId, userId);
  const result = await sendInvoice(
    { db: db(), publicUrl: "http://localhost:3000" },
    { businessId, userId, request },
    invoiceId,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return invoiceId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(db());
  const own = fixtures.business.id;
  const manager = fixtures.userIds.manager;
  draftId = await drafted(own, manager);
  sentId = await sent(own, manager);
  voidId = await sent(own, manager);
  await voidInvoice(db(), { businessId: own, userId: manager, request }, voidId);
  otherInvoiceId = await sent(fixtures.otherBusiness.id, fixtures.userIds.ownerOfOther);
  const link = new FormData();
  link.set("description", "Ankara fabric, 6 yards");
  link.set("amountKind", "fixed");
  link.set("amount", "18000");
  const made = await createPayLink(
    db(),
    { businessId: fixtures.otherBusiness.id, userId: fixtures.userIds.ownerOfOther, request },
    link,
  );
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  otherLinkId = made.payLinkId;
}, 60_000);

afterAll(() => database.close());

type Run = (args: never) => unknown;

function target(path: string, pattern: string, run: Run, params: Record<string, string> = {}) {
  const business = fixtures.business.slug;
  return {
    path: `/vendor/${business}/${path}`,
    pattern: `/vendor/:business/${pattern}`,
    params: { business, ...params },
    run,
  };
}

/** Posts `form` to a route's action as the person with `cookie`. */
async function postAs(
  cookie: string,
  route: { action: Run },
  path: string,
  pattern: string,
  params: Record<string, string>,
  form: FormData | Record<string, string>,
) {
  const base = pageRequest(path, { cookie });
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  const posted = new Request(base.url, { method: "POST", headers: base.headers, body });
  const args = await routeArgs(db(), posted, pattern, params);
  return outcomeOf(() => route.action(args as never));
}

async function invoiceRow(id: string) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row;
}

describe("who runs invoices and pay links", () => {
  test("the list, a new invoice, an invoice's page and every form on them are for managers and owners", async () => {
    const check = (t: ReturnType<typeof target>) =>
      expectRoleMatrix(db(), fixtures, t, consoleManagersAndOwners);
    await check(target("invoices", "invoices", invoicesList.loader));
    await check(target("invoices/new", "invoices/new", invoiceNew.loader));
    await check(
      target("invoices/new", "invoices/new", posting(invoiceNew.action, { customerName: "" })),
    );
    const draft = { invoiceId: draftId };
    const one = (id: string) => `invoices/${id}`;
    await check(target(one(draftId), "invoices/:invoiceId", invoicePage.loader, draft));
    await check(
      target(
        one(draftId),
        "invoices/:invoiceId",
        posting(invoicePage.action, { intent: "save", customerName: "" }),
        draft,
      ),
    );
    // Sending or deleting a sent invoice, and voiding a void one, are refused past the guard.
    const sentOne = { invoiceId: sentId };
    for (const intent of ["send", "delete"]) {
      await check(
        target(
          one(sentId),
          "invoices/:invoiceId",
          posting(invoicePage.action, { intent }),
          sentOne,
        ),
      );
    }
    await check(
      target(one(voidId), "invoices/:invoiceId", posting(invoicePage.action, { intent: "void" }), {
        invoiceId: voidId,
      }),
    );
    await check(target("pay-links", "pay-links", payLinksPage.loader));
    await check(
      target(
        "pay-links",
        "pay-links",
        posting(payLinksPage.action, { intent: "create", description: "" }),
      ),
    );
    await check(
      target(
        "pay-links",
        "pay-links",
        posting(payLinksPage.action, { intent: "archive", link: "plk_nosuchlink00000" }),
      ),
    );
    expect(await invoiceRow(draftId)).toMatchObject({
      status: "draft",
      customerName: "Chiamaka Obi",
    });
    expect(await invoiceRow(sentId)).toMatchObject({ status: "sent" });
  });

  test("another business's invoice, or one that doesn't exist, is a 404 to its page and every form, and stays as it was", async () => {
    const before = await invoiceRow(otherInvoiceId);
    for (const invoiceId of [otherInvoiceId, "inv_nosuchinvoice000"]) {
      const path = `/vendor/${fixtures.business.slug}/invoices/${invoiceId}`;
      const options = {
        cookie: fixtures.cookies.owner,
        pattern: "/vendor/:business/invoices/:invoiceId",
        params: { business: fixtures.business.slug, invoiceId },
      };
      expect((await getFrom(db(), invoicePage, path, options)).status).toBe(404);
      for (const form of [
        invoiceForm({ intent: "save", customerName: "Someone Else" }),
        { intent: "send" },
        { intent: "delete" },
        { intent: "void" },
      ]) {
        const answer = await postAs(
          fixtures.cookies.manager,
          invoicePage,
          path,
          options.pattern,
          options.params,
          form,
        );
        expect(answer).toMatchObject({ status: 404, thrown: true });
      }
    }
    expect(await invoiceRow(otherInvoiceId)).toEqual(before);
  });

  test("another business's pay link is a 404 to Archive and stays active; each list shows only its own", async () => {
    const path = `/vendor/${fixtures.business.slug}/pay-links`;
    const params = { business: fixtures.business.slug };
    const answer = await postAs(
      fixtures.cookies.owner,
      payLinksPage,
      path,
      "/vendor/:business/pay-links",
      params,
      { intent: "archive", link: otherLinkId },
    );
    expect(answer).toMatchObject({
      status: 404,
      data: { errors: { archive: "That pay link isn't one of yours." } },
    });
    const [link] = await db().select().from(payLinks).where(eq(payLinks.id, otherLinkId));
    expect(link?.status).toBe("active");
    const listed = await getFrom(db(), payLinksPage, path, {
      cookie: fixtures.cookies.manager,
      pattern: "/vendor/:business/pay-links",
      params,
    });
    expect((listed.data as { links: Array<{ id: string }> }).links.map((l) => l.id)).not.toContain(
      otherLinkId,
    );
    const invoicesPath = `/vendor/${fixtures.business.slug}/invoices`;
    const list = await getFrom(db(), invoicesList, invoicesPath, {
      cookie: fixtures.cookies.manager,
      pattern: "/vendor/:business/invoices",
      params,
    });
    const ids = (list.data as { invoices: Array<{ id: string }> }).invoices.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([draftId, sentId, voidId]));
    expect(ids).not.toContain(otherInvoiceId);
  });
});
