import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { businesses, categories, images } from "#app/db/schema.server.ts";
import type { MediaStore } from "#app/media/store.server.ts";
import { formUploads, ImageUploadError } from "#app/media/uploads.server.ts";
import { type OpeningHours, parseProfileForm } from "./forms.ts";

/**
 * The owner's profile, hours and branding of a business (/vendor/{business}/profile). The
 * storefront, the business's pages and the custom layout read these columns; the render cache
 * refreshes itself from the database's triggers.
 */

const logo = alias(images, "logo");
const cover = alias(images, "cover");

export async function businessProfileForEditing(db: Database, businessId: string) {
  const [row] = await db
    .select({
      name: businesses.name,
      slug: businesses.slug,
      status: businesses.status,
      tagline: businesses.tagline,
      description: businesses.description,
      phone: businesses.phone,
      email: businesses.email,
      address: businesses.address,
      city: businesses.city,
      categoryId: businesses.categoryId,
      brandColor: businesses.brandColor,
      hours: businesses.hours,
      logoPath: logo.path,
      logoWidth: logo.width,
      logoHeight: logo.height,
      coverPath: cover.path,
      coverWidth: cover.width,
      coverHeight: cover.height,
    })
    .from(businesses)
    .leftJoin(logo, eq(logo.id, businesses.logoImageId))
    .leftJoin(cover, eq(cover.id, businesses.coverImageId))
    .where(eq(businesses.id, businessId));
  if (!row) return undefined;
  const { logoPath, logoWidth, logoHeight, coverPath, coverWidth, coverHeight, ...fields } = row;
  const picture = (
    path: string | null,
    width: number | null,
    height: number | null,
    alt: string,
  ) => (path && width && height ? { url: mediaUrl(path), width, height, alt } : null);
  return {
    ...fields,
    hours: fields.hours as OpeningHours,
    logo: picture(logoPath, logoWidth, logoHeight, `${fields.name} logo`),
    cover: picture(coverPath, coverWidth, coverHeight, fields.name),
  };
}

export type SaveProfileResult = { done: string } | { status: 400; errors: FieldErrors };

function uploadedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

class PictureRefused extends Error {
  readonly field: "logo" | "cover";
  constructor(field: "logo" | "cover", message: string) {
    super(message);
    this.field = field;
  }
}

/** Saves the whole form in one transaction: fields, hours, a new logo or cover, the audit entry. */
export async function saveBusinessProfile(
  db: Database,
  options: {
    businessId: string;
    actorId: string;
    form: FormData;
    request: Request;
    media: MediaStore;
  },
): Promise<SaveProfileResult> {
  const { businessId, actorId, form, request, media } = options;
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  const parsed = parseProfileForm(values);
  if (parsed.errors) return { status: 400, errors: parsed.errors };
  const profile = parsed.profile;
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, profile.categoryId));
  if (!category) return { status: 400, errors: { categoryId: "Choose a category from the list" } };
  const newLogo = uploadedFile(form, "logo");
  const newCover = uploadedFile(form, "cover");
  const uploads = formUploads(db, media);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, businessId))
        .for("update");
      if (!current) throw new Error(`business ${businessId} vanished while saving its profile`);
      const store = async (file: File | null, field: "logo" | "cover", alt: string) => {
        if (!file) return undefined;
        try {
          return (await uploads.store(tx, file, { alt, businessId })).id;
        } catch (error) {
          if (error instanceof ImageUploadError) throw new PictureRefused(field, error.message);
          throw error;
        }
      };
      const logoImageId = await store(newLogo, "logo", `${current.name} logo`);
      const coverImageId = await store(newCover, "cover", current.name);
      await tx
        .update(businesses)
        .set({
          tagline: profile.tagline,
          description: profile.description,
          phone: profile.phone,
          email: profile.email,
          address: profile.address,
          city: profile.city,
          categoryId: profile.categoryId,
          brandColor: profile.brandColor,
          hours: profile.hours,
          ...(logoImageId ? { logoImageId } : {}),
          ...(coverImageId ? { coverImageId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(businesses.id, businessId));
      await recordAudit(tx, {
        action: "business.profile-updated",
        actorId,
        subjectId: businessId,
        details: { logo: Boolean(logoImageId), cover: Boolean(coverImageId) },
        ...auditSource(request),
      });
    });
  } catch (error) {
    if (error instanceof PictureRefused) {
      return { status: 400, errors: { [error.field]: error.message } };
    }
    throw error;
  } finally {
    // A refused save leaves no picture behind (issue 16).
    await uploads.discardUnused();
  }
  return { done: "Your profile was saved. Your pages show the changes within a few seconds." };
}
