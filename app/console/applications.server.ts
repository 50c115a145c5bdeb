import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import type { CurrentUser } from "#app/auth/session.server.ts";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import { businessSlugSchema, isReservedSlug } from "#app/catalog/slugs.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  decodeCursor,
  encodeCursor,
  exactTime,
  exactTimeKey,
  type Page,
} from "#app/db/page-cursor.server.ts";
import { businesses, businessMembers, categories, images, users } from "#app/db/schema.server.ts";
import { type EmailMessage, queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import type { MediaStore } from "#app/media/store.server.ts";
import { formUploads, ImageUploadError } from "#app/media/uploads.server.ts";
import {
  applicationSchema,
  type BusinessStatus,
  defaultOpeningHours,
  reasonSchema,
} from "./forms.ts";

/**
 * A business's life on Oja (decision 016): a verified shopper applies, an admin approves (the
 * applicant becomes its owner and it goes public) or rejects with a reason; an admin may
 * suspend an active business and restore it. Every change is one transaction with its audit
 * entry and the email it sends.
 */

export type { BusinessStatus } from "./forms.ts";

/** A refusal for the form: the status and a message per field (`form` for the whole form). */
export interface Refusal {
  status: 400 | 403 | 404 | 409;
  errors: FieldErrors;
}

/** Postgres's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; ) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Slugs

export type SlugAvailability =
  | { available: true; slug: string }
  | { available: false; slug: string; reason: string };

/**
 * Whether `input` can be the address oja.ng/{slug} of a new business of `applicantId`: well
 * formed, not one of Oja's own words, and held by no business — except the applicant's own
 * rejected application, which a new application takes over.
 */
export async function slugAvailability(
  db: Executor,
  input: string,
  applicantId: string,
): Promise<SlugAvailability> {
  const slug = input.trim().toLowerCase();
  if (isReservedSlug(slug)) {
    return { available: false, slug, reason: "This address is reserved by Oja; choose another" };
  }
  const parsed = businessSlugSchema.safeParse(slug);
  if (!parsed.success) {
    return { available: false, slug, reason: parsed.error.issues[0]?.message ?? "Not allowed" };
  }
  const [holder] = await db
    .select({ applicantId: businesses.applicantId, status: businesses.status })
    .from(businesses)
    .where(eq(businesses.slug, parsed.data));
  if (holder && !(holder.status === "rejected" && holder.applicantId === applicantId)) {
    return {
      available: false,
      slug: parsed.data,
      reason: "Another business already has this address",
    };
  }
  return { available: true, slug: parsed.data };
}

// ---------------------------------------------------------------------------------------------
// Applying

export interface ApplicationView {
  id: string;
  name: string;
  slug: string;
  status: "pending" | "rejected";
  appliedAt: Date;
  reviewedAt: Date | null;
  reviewNote: string | null;
  /** What was sent, to fill the form when applying again. */
  categoryId: string;
  city: string;
  address: string;
  phone: string;
  description: string;
}

/**
 * The person's application that /vendor shows: the one waiting for review, else the latest
 * rejected one (approved ones are businesses they own, listed apart).
 */
export async function currentApplication(
  db: Database,
  userId: string,
): Promise<ApplicationView | null> {
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      slug: businesses.slug,
      status: businesses.status,
      appliedAt: businesses.updatedAt,
      reviewedAt: businesses.reviewedAt,
      reviewNote: businesses.reviewNote,
      categoryId: businesses.categoryId,
      city: businesses.city,
      address: businesses.address,
      phone: businesses.phone,
      description: businesses.description,
    })
    .from(businesses)
    .where(
      and(eq(businesses.applicantId, userId), inArray(businesses.status, ["pending", "rejected"])),
    )
    .orderBy(
      sql`case when ${businesses.status} = 'pending' then 0 else 1 end`,
      desc(businesses.updatedAt),
    )
    .limit(1);
  const row = rows[0];
  if (!row || (row.status !== "pending" && row.status !== "rejected")) return null;
  return { ...row, status: row.status };
}

function uploadedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

export type ApplyResult = { businessId: string } | Refusal;

/**
 * Applies to list a business. Only someone with a confirmed email; one application waiting for
 * review per person (their user row is locked while checking, so two tabs can't both apply).
 * Reapplying after a rejection reuses that application, so its address stays theirs.
 */
export async function applyForBusiness(
  db: Database,
  options: { user: CurrentUser; form: FormData; request: Request; media: MediaStore },
): Promise<ApplyResult> {
  const { user, form, request, media } = options;
  if (!user.emailVerified) {
    return {
      status: 403,
      errors: { form: "Confirm your email address first: open the link we sent you." },
    };
  }
  const parsed = applicationSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) return { status: 400, errors: { categoryId: "Choose a category from the list" } };
  const logo = uploadedFile(form, "logo");
  const cover = uploadedFile(form, "cover");
  const uploads = formUploads(db, media);

  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      const open = await tx
        .select({ id: businesses.id, status: businesses.status })
        .from(businesses)
        .where(
          and(
            eq(businesses.applicantId, user.id),
            inArray(businesses.status, ["pending", "rejected"]),
          ),
        )
        .orderBy(desc(businesses.updatedAt));
      if (open.some((row) => row.status === "pending")) {
        return {
          status: 409,
          errors: {
            form: "You already have an application waiting for review. We'll email you when it's decided.",
          },
        } satisfies Refusal;
      }
      const slug = await slugAvailability(tx, input.slug, user.id);
      if (!slug.available) return { status: 400, errors: { slug: slug.reason } } satisfies Refusal;

      const store = async (file: File | null, field: "logo" | "cover", alt: string) => {
        if (!file) return undefined;
        try {
          return (await uploads.store(tx, file, { alt })).id;
        } catch (error) {
          if (error instanceof ImageUploadError) throw new FieldRefusal(field, error.message);
          throw error;
        }
      };
      const logoImageId = await store(logo, "logo", `${input.name} logo`);
      const coverImageId = await store(cover, "cover", `${input.name}`);

      const fields = {
        slug: slug.slug,
        name: input.name,
        categoryId: input.categoryId,
        city: input.city,
        address: input.address,
        phone: input.phone,
        description: input.description,
        status: "pending" as const,
        applicantId: user.id,
        ...(logoImageId ? { logoImageId } : {}),
        ...(coverImageId ? { coverImageId } : {}),
      };
      const rejected = open.find((row) => row.status === "rejected");
      let businessId: string;
      if (rejected) {
        businessId = rejected.id;
        await tx
          .update(businesses)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(businesses.id, rejected.id));
      } else {
        businessId = newId("biz");
        await tx.insert(businesses).values({
          id: businessId,
          ...fields,
          email: user.email,
          hours: defaultOpeningHours(),
        });
      }
      await recordAudit(tx, {
        action: "business.applied",
        actorId: user.id,
        subjectId: businessId,
        details: { slug: slug.slug, again: Boolean(rejected) },
        ...auditSource(request),
      });
      return { businessId };
    });
  } catch (error) {
    if (error instanceof FieldRefusal)
      return { status: 400, errors: { [error.field]: error.message } };
    // Two applicants racing for one address: the unique index decides.
    if (isUniqueViolation(error)) {
      return { status: 400, errors: { slug: "Another business already has this address" } };
    }
    throw error;
  } finally {
    // A refused application leaves no picture behind (issue 16).
    await uploads.discardUnused();
  }
}

/** Thrown inside a transaction to roll it back and answer one field's message. */
class FieldRefusal extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

// ---------------------------------------------------------------------------------------------
// Admin: applications

const logo = alias(images, "logo");
const cover = alias(images, "cover");

export async function pendingApplications(db: Database, limit = 50) {
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      slug: businesses.slug,
      city: businesses.city,
      address: businesses.address,
      phone: businesses.phone,
      description: businesses.description,
      category: categories.name,
      appliedAt: businesses.updatedAt,
      applicantName: users.name,
      applicantEmail: users.email,
      logoPath: logo.path,
      coverPath: cover.path,
    })
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(users, eq(users.id, businesses.applicantId))
    .leftJoin(logo, eq(logo.id, businesses.logoImageId))
    .leftJoin(cover, eq(cover.id, businesses.coverImageId))
    .where(eq(businesses.status, "pending"))
    .orderBy(asc(businesses.updatedAt), asc(businesses.id))
    .limit(limit);
  return rows.map(({ logoPath, coverPath, ...row }) => ({
    ...row,
    logoUrl: logoPath ? mediaUrl(logoPath) : null,
    coverUrl: coverPath ? mediaUrl(coverPath) : null,
  }));
}

export async function countPendingApplications(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(businesses)
    .where(eq(businesses.status, "pending"));
  return row?.count ?? 0;
}

/** The admin deciding, for the audit log and the links of the email the decision sends. */
export interface Reviewer {
  admin: CurrentUser;
  request: Request;
  publicUrl: string;
}

async function lockBusiness(tx: Executor, businessId: string) {
  const [row] = await tx
    .select({
      id: businesses.id,
      name: businesses.name,
      slug: businesses.slug,
      status: businesses.status,
      applicantId: businesses.applicantId,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for("update");
  return row;
}

async function emailOf(tx: Executor, userId: string | null) {
  if (!userId) return undefined;
  const [row] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const notPending = (status: BusinessStatus): Refusal => ({
  status: 409,
  errors: { form: `This application was already decided (it is ${status} now). Reload the list.` },
});

export type ReviewResult = { done: string } | Refusal;

/** Approves a pending application: the business goes public and its applicant becomes owner. */
export async function approveApplication(
  db: Database,
  businessId: string,
  reviewer: Reviewer,
): Promise<ReviewResult> {
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const business = await lockBusiness(tx, businessId);
    if (!business) return { status: 404, errors: { form: "There is no such application." } };
    if (business.status !== "pending") return notPending(business.status);
    const applicant = await emailOf(tx, business.applicantId);
    if (!business.applicantId || !applicant) {
      return {
        status: 409,
        errors: { form: "The applicant deleted their account. Reject this application instead." },
      };
    }
    await tx
      .update(businesses)
      .set({
        status: "active",
        reviewedAt: new Date(),
        reviewedBy: reviewer.admin.id,
        reviewNote: null,
        updatedAt: new Date(),
      })
      .where(eq(businesses.id, business.id));
    await tx
      .insert(businessMembers)
      .values({ businessId: business.id, userId: business.applicantId, role: "owner" })
      .onConflictDoUpdate({
        target: [businessMembers.businessId, businessMembers.userId],
        set: { role: "owner", updatedAt: new Date() },
      });
    await recordAudit(tx, {
      action: "business.approved",
      actorId: reviewer.admin.id,
      subjectId: business.id,
      details: { applicantId: business.applicantId },
      ...auditSource(reviewer.request),
    });
    await queueEmail(tx, approvedEmail(applicant, business, reviewer.publicUrl));
    return { done: `${business.name} is approved and public.` };
  });
}

/** Rejects a pending application with a reason the applicant reads on /vendor and by email. */
export async function rejectApplication(
  db: Database,
  businessId: string,
  form: FormData,
  reviewer: Reviewer,
): Promise<ReviewResult> {
  const parsed = reasonSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, errors: fieldErrors(parsed.error) };
  const { reason } = parsed.data;
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const business = await lockBusiness(tx, businessId);
    if (!business) return { status: 404, errors: { form: "There is no such application." } };
    if (business.status !== "pending") return notPending(business.status);
    await tx
      .update(businesses)
      .set({
        status: "rejected",
        reviewedAt: new Date(),
        reviewedBy: reviewer.admin.id,
        reviewNote: reason,
        updatedAt: new Date(),
      })
      .where(eq(businesses.id, business.id));
    await recordAudit(tx, {
      action: "business.rejected",
      actorId: reviewer.admin.id,
      subjectId: business.id,
      details: { applicantId: business.applicantId },
      ...auditSource(reviewer.request),
    });
    const applicant = await emailOf(tx, business.applicantId);
    if (applicant)
      await queueEmail(tx, rejectedEmail(applicant, business, reason, reviewer.publicUrl));
    return { done: `${business.name} was rejected; the applicant was told why.` };
  });
}

// ---------------------------------------------------------------------------------------------
// Admin: businesses

export const adminBusinessPageSize = 20;

export interface BusinessListFilters {
  q?: string;
  status?: BusinessStatus;
  after?: string | null;
}

/** Businesses for /admin/businesses: name or slug contains `q`, newest first, keyset paged. */
export async function findBusinesses(db: Database, filters: BusinessListFilters) {
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(businesses.name, pattern), ilike(businesses.slug, pattern));
    if (match) conditions.push(match);
  }
  if (filters.status) conditions.push(eq(businesses.status, filters.status));
  if (filters.after) {
    const { key, id } = decodeCursor(filters.after, exactTimeKey);
    conditions.push(
      sql`(${businesses.createdAt}, ${businesses.id}) < (${key}::timestamptz, ${id})`,
    );
  }
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      slug: businesses.slug,
      city: businesses.city,
      status: businesses.status,
      reviewNote: businesses.reviewNote,
      reviewedAt: businesses.reviewedAt,
      createdAt: businesses.createdAt,
      key: exactTime(sql`${businesses.createdAt}`),
    })
    .from(businesses)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(adminBusinessPageSize + 1);
  const items = rows.slice(0, adminBusinessPageSize);
  const last = items.at(-1);
  const page: Page<(typeof items)[number]> = {
    items,
    nextCursor:
      rows.length > adminBusinessPageSize && last ? encodeCursor(last.key, last.id) : null,
  };
  return page;
}

async function ownersOf(tx: Executor, businessId: string) {
  return tx
    .select({ name: users.name, email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, "owner")));
}

/** Takes an active business off every public screen, with a reason its owners are sent. */
export async function suspendBusiness(
  db: Database,
  businessId: string,
  form: FormData,
  reviewer: Reviewer,
): Promise<ReviewResult> {
  const parsed = reasonSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, errors: fieldErrors(parsed.error) };
  const { reason } = parsed.data;
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const business = await lockBusiness(tx, businessId);
    if (!business) return { status: 404, errors: { form: "There is no such business." } };
    if (business.status !== "active") {
      return {
        status: 409,
        errors: {
          form: `Only an active business can be suspended; this one is ${business.status}.`,
        },
      };
    }
    await tx
      .update(businesses)
      .set({
        status: "suspended",
        reviewedAt: new Date(),
        reviewedBy: reviewer.admin.id,
        reviewNote: reason,
        updatedAt: new Date(),
      })
      .where(eq(businesses.id, business.id));
    await recordAudit(tx, {
      action: "business.suspended",
      actorId: reviewer.admin.id,
      subjectId: business.id,
      ...auditSource(reviewer.request),
    });
    for (const owner of await ownersOf(tx, business.id)) {
      await queueEmail(tx, suspendedEmail(owner, business, reason));
    }
    return { done: `${business.name} is suspended and hidden from shoppers.` };
  });
}

/** Puts a suspended business back on the public screens. */
export async function restoreBusiness(
  db: Database,
  businessId: string,
  reviewer: Reviewer,
): Promise<ReviewResult> {
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const business = await lockBusiness(tx, businessId);
    if (!business) return { status: 404, errors: { form: "There is no such business." } };
    if (business.status !== "suspended") {
      return {
        status: 409,
        errors: {
          form: `Only a suspended business can be restored; this one is ${business.status}.`,
        },
      };
    }
    await tx
      .update(businesses)
      .set({
        status: "active",
        reviewedAt: new Date(),
        reviewedBy: reviewer.admin.id,
        reviewNote: null,
        updatedAt: new Date(),
      })
      .where(eq(businesses.id, business.id));
    await recordAudit(tx, {
      action: "business.restored",
      actorId: reviewer.admin.id,
      subjectId: business.id,
      ...auditSource(reviewer.request),
    });
    for (const owner of await ownersOf(tx, business.id)) {
      await queueEmail(tx, restoredEmail(owner, business, reviewer.publicUrl));
    }
    return { done: `${business.name} is active again.` };
  });
}

// ---------------------------------------------------------------------------------------------
// Emails

interface Person {
  name: string;
  email: string;
}
interface Named {
  name: string;
  slug: string;
}

function approvedEmail(person: Person, business: Named, publicUrl: string): EmailMessage {
  return {
    to: person.email,
    kind: "business-approved",
    subject: `${business.name} is live on Oja`,
    ...renderEmail({
      heading: `${business.name} is approved`,
      paragraphs: [
        `Hello ${person.name}, we've approved ${business.name}. Shoppers can find it on Oja now, at ${publicUrl}/${business.slug}.`,
        "You are its owner: add your products, set your opening hours and invite your team from the console.",
      ],
      action: { label: "Open your console", url: `${publicUrl}/vendor/${business.slug}` },
    }),
  };
}

function rejectedEmail(
  person: Person,
  business: Named,
  reason: string,
  publicUrl: string,
): EmailMessage {
  return {
    to: person.email,
    kind: "business-rejected",
    subject: `Your application for ${business.name}`,
    ...renderEmail({
      heading: `We couldn't approve ${business.name} yet`,
      paragraphs: [
        `Hello ${person.name}, thank you for applying to list ${business.name} on Oja. We couldn't approve it, for this reason:`,
        reason,
        "You can correct your application and send it again.",
      ],
      action: { label: "Apply again", url: `${publicUrl}/vendor` },
    }),
  };
}

function suspendedEmail(person: Person, business: Named, reason: string): EmailMessage {
  return {
    to: person.email,
    kind: "business-suspended",
    subject: `${business.name} is suspended on Oja`,
    ...renderEmail({
      heading: `${business.name} is suspended`,
      paragraphs: [
        `Hello ${person.name}, ${business.name} no longer shows to shoppers on Oja, for this reason:`,
        reason,
        "Your console stays open. Reply to this email to talk to us about it.",
      ],
    }),
  };
}

function restoredEmail(person: Person, business: Named, publicUrl: string): EmailMessage {
  return {
    to: person.email,
    kind: "business-restored",
    subject: `${business.name} is back on Oja`,
    ...renderEmail({
      heading: `${business.name} is back`,
      paragraphs: [`Hello ${person.name}, ${business.name} shows to shoppers on Oja again.`],
      action: { label: "See your page", url: `${publicUrl}/${business.slug}` },
    }),
  };
}
