import { e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import { expect, openHydrated, signIn, test } from "./fixtures.ts";

/**
 * The admins' view of the job queue (issue 18): pg-boss runs in the e2e server on PGlite, with
 * the scheduled queues of a server without SMTP (payments, unused pictures).
 */
test("an admin sees every queue of the scheduled work; a guest is asked to sign in", async ({
  page,
  request,
}) => {
  const guest = await request.get("/admin/jobs", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toMatch(/^\/Login/);

  await signIn(page, e2eTeam.admin.email, e2ePassword);
  await openHydrated(page, "/admin");
  await page.getByRole("link", { name: /^Jobs/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const queues = page.getByRole("table");
  // The queue starts in the background: the page shows it once it runs.
  await expect(async () => {
    await page.reload();
    await expect(queues.getByRole("rowheader", { name: "payments-reconcile" })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(queues.getByRole("rowheader", { name: "uploads-sweep" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("None: every job ran, or is still being tried.")).toBeVisible();
});
