import { data, type RouterContextProvider } from "react-router";
import { requireAdmin } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";
import type { Reviewer, ReviewResult } from "./applications.server.ts";
import type { DecisionAnswer } from "./review-forms.tsx";

/** One decision an admin can send about a business (approve, reject, suspend, restore). */
type Decision = (decision: {
  db: Database;
  businessId: string;
  form: FormData;
  reviewer: Reviewer;
}) => Promise<ReviewResult>;

/**
 * The action of an admin list whose items are decided with review-forms.tsx: admins only (404 to
 * everyone else); the form names the business and, in `intent`, one of `decisions`. The answer
 * names the business, so the page shows it at that item.
 */
export async function decideAsAdmin(
  { context, request }: { context: Readonly<RouterContextProvider>; request: Request },
  decisions: Record<string, Decision>,
) {
  const admin = requireAdmin(context, request);
  const { db, settings, emailQueued } = services(context);
  const form = await request.formData();
  const businessId = String(form.get("businessId") ?? "");
  const intent = String(form.get("intent") ?? "");
  // Own keys only: "constructor" is no decision.
  const decide = Object.hasOwn(decisions, intent) ? decisions[intent] : undefined;
  if (!decide) {
    const choices = Object.keys(decisions).join(" or ");
    return data<DecisionAnswer>(
      { businessId, errors: { form: `Choose ${choices}.` } },
      { status: 400 },
    );
  }
  const result = await decide({
    db,
    businessId,
    form,
    reviewer: { admin, request, publicUrl: settings.publicUrl },
  });
  if ("errors" in result) {
    return data<DecisionAnswer>({ businessId, errors: result.errors }, { status: result.status });
  }
  emailQueued();
  return data<DecisionAnswer>({ businessId, done: result.done });
}
