import { and, asc, desc, eq, sql } from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  attachedPictures,
  type PictureLink,
  pictureGone,
  picturesAttachable,
} from "#app/media/uploads.server.ts";
import { type Kobo, kobo } from "#app/money.ts";
import type { OfferFormInput, OfferStatus } from "./offer-input.ts";
import { voucherOfferImages, voucherOffers } from "./schema.server.ts";

/**
 * A business's voucher offers as its managers run them (issue 19): listed with what has sold,
 * made and changed one transaction at a time with an audit entry. Every function takes the
 * business id from the guard, so another business's offer is simply not found.
 */

export interface OfferActor {
  businessId: string;
  userId: string;
  request: Request;
}

export interface ConsoleOfferRow {
  id: string;
  title: string;
  valueKobo: Kobo;
  priceKobo: Kobo;
  validDays: number | null;
  validUntil: string | null;
  totalQuantity: number | null;
  soldCount: number;
  status: OfferStatus;
}

/** Every offer of the business: on sale first, then paused, then ended; newest first in each. */
export async function listConsoleOffers(db: Database, businessId: string) {
  const rows = await db
    .select({
      id: voucherOffers.id,
      title: voucherOffers.title,
      valueKobo: voucherOffers.valueKobo,
      priceKobo: voucherOffers.priceKobo,
      validDays: voucherOffers.validDays,
      validUntil: voucherOffers.validUntil,
      totalQuantity: voucherOffers.totalQuantity,
      soldCount: voucherOffers.soldCount,
      status: voucherOffers.status,
    })
    .from(voucherOffers)
    .where(eq(voucherOffers.businessId, businessId))
    .orderBy(
      sql`case ${voucherOffers.status} when 'active' then 0 when 'paused' then 1 else 2 end`,
      desc(voucherOffers.createdAt),
      asc(sql`${voucherOffers.id} collate "C"`),
    );
  return rows.map(
    (row): ConsoleOfferRow => ({
      ...row,
      valueKobo: kobo(row.valueKobo),
      priceKobo: kobo(row.priceKobo),
    }),
  );
}

const offerPictureLink: PictureLink = {
  table: voucherOfferImages,
  ownerId: voucherOfferImages.offerId,
  imageId: voucherOfferImages.imageId,
  position: voucherOfferImages.position,
};

/** The pictures of an offer, in order (the first is the main one). */
export function offerPictures(executor: Executor, offerId: string) {
  return attachedPictures(executor, offerPictureLink, offerId);
}

/** One offer of the business with its pictures, or undefined (not theirs, or none). */
export async function findConsoleOffer(db: Database, businessId: string, offerId: string) {
  const [offer] = await db
    .select()
    .from(voucherOffers)
    .where(and(eq(voucherOffers.id, offerId), eq(voucherOffers.businessId, businessId)))
    .limit(1);
  if (!offer) return undefined;
  return {
    ...offer,
    valueKobo: kobo(offer.valueKobo),
    priceKobo: kobo(offer.priceKobo),
    images: await offerPictures(db, offer.id),
  };
}

export type ConsoleOffer = NonNullable<Awaited<ReturnType<typeof findConsoleOffer>>>;

export type OfferSaveResult =
  | { ok: true; offerId: string }
  | { ok: false; status: 400 | 404; errors: FieldErrors };

/**
 * Creates (no `offerId`) or updates an offer of the actor's business from the checked form,
 * pictures in the order given, with its audit entry, in one transaction. Vouchers already sold
 * keep what they were sold with (they copy it when issued), so any field may change; only the
 * quantity can't go below what has sold.
 */
export async function saveOffer(
  db: Database,
  actor: OfferActor,
  input: OfferFormInput,
  offerId: string | null,
): Promise<OfferSaveResult> {
  const imageIds = [...new Set(input.images)];
  return db.transaction(async (tx): Promise<OfferSaveResult> => {
    let existing: { id: string; soldCount: number } | undefined;
    if (offerId) {
      [existing] = await tx
        .select({ id: voucherOffers.id, soldCount: voucherOffers.soldCount })
        .from(voucherOffers)
        .where(and(eq(voucherOffers.id, offerId), eq(voucherOffers.businessId, actor.businessId)))
        .for("update");
      if (!existing) return { ok: false, status: 404, errors: { form: "Offer not found" } };
      if (input.totalQuantity !== null && input.totalQuantity < existing.soldCount) {
        return {
          ok: false,
          status: 400,
          errors: {
            totalQuantity: `Quantity can't be below the ${existing.soldCount} already sold`,
          },
        };
      }
    }
    const ownPicture = offerId ? { link: offerPictureLink, ownerId: offerId } : null;
    if (!(await picturesAttachable(tx, imageIds, actor.businessId, ownPicture))) {
      return { ok: false, status: 400, errors: { images: pictureGone } };
    }
    const values = {
      title: input.title,
      description: input.description,
      valueKobo: input.valueKobo,
      priceKobo: input.priceKobo,
      validDays: input.validDays,
      validUntil: input.validUntil,
      totalQuantity: input.totalQuantity,
      perShopperLimit: input.perShopperLimit,
      finePrint: input.finePrint,
      status: input.status,
    };
    const id = existing?.id ?? newId("vof");
    if (existing) {
      await tx
        .update(voucherOffers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(voucherOffers.id, id));
    } else {
      await tx.insert(voucherOffers).values({ id, businessId: actor.businessId, ...values });
    }
    await tx.delete(voucherOfferImages).where(eq(voucherOfferImages.offerId, id));
    if (imageIds.length > 0) {
      await tx
        .insert(voucherOfferImages)
        .values(imageIds.map((imageId, position) => ({ offerId: id, imageId, position })));
    }
    await recordAudit(tx, {
      action: existing ? "voucher-offer.updated" : "voucher-offer.created",
      actorId: actor.userId,
      subjectId: actor.businessId,
      details: {
        offerId: id,
        status: input.status,
        valueKobo: input.valueKobo,
        priceKobo: input.priceKobo,
        images: imageIds.length,
      },
      ...auditSource(actor.request),
    });
    return { ok: true, offerId: id };
  });
}
