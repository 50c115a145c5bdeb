import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Database, Executor } from "../db/database.server.ts";
import { newId } from "../db/ids.ts";
import { addresses, users } from "../db/schema.server.ts";
import { addressSchema, type FieldErrors, fieldErrors } from "./forms.ts";

/**
 * A person's delivery addresses: at most ten, exactly one of them the default once there is any
 * (checkout offers it first). Each change is one transaction; another person's address id is
 * answered as missing (404).
 */
export const maxAddresses = 10;

export type AddressResult = { done: string } | { status: 400 | 404; errors: FieldErrors };

/** A person's addresses, oldest first. */
export function addressesOf(db: Database, userId: string) {
  return db
    .select({
      id: addresses.id,
      label: addresses.label,
      recipient: addresses.recipient,
      phone: addresses.phone,
      line1: addresses.line1,
      line2: addresses.line2,
      city: addresses.city,
      state: addresses.state,
      isDefault: addresses.isDefault,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

const missingAddress = "That address isn't in your address book any more.";

/**
 * Address changes of one person take turns: each locks the person's row first, so the
 * ten-address limit and the single default hold even when two tabs post at once.
 */
async function lockAddressBook(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

async function clearDefault(tx: Executor, userId: string, now: Date) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function addAddress(
  db: Database,
  userId: string,
  form: FormData,
): Promise<AddressResult> {
  const parsed = addressSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, errors: fieldErrors(parsed.error) };
  const { isDefault: wanted, ...fields } = parsed.data;
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [row] = await tx
      .select({ total: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const total = row?.total ?? 0;
    if (total >= maxAddresses) {
      return {
        status: 400,
        errors: {
          form: `You can keep up to ${maxAddresses} addresses. Delete one you no longer use, then add this one.`,
        },
      };
    }
    const now = new Date();
    const isDefault = wanted || total === 0;
    if (isDefault) await clearDefault(tx, userId, now);
    const id = newId("adr");
    await tx.insert(addresses).values({
      id,
      userId: userId,
      ...fields,
      isDefault,
      createdAt: now,
      updatedAt: now,
    });
    return { done: `"${fields.label}" was added to your addresses.` };
  });
}

export async function updateAddress(
  db: Database,
  userId: string,
  form: FormData,
): Promise<AddressResult> {
  const addressId = String(form.get("addressId") ?? "");
  const parsed = addressSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, errors: fieldErrors(parsed.error) };
  const { isDefault: wanted, ...fields } = parsed.data;
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [existing] = await tx
      .select({ isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!existing) return { status: 404, errors: { form: missingAddress } };
    const now = new Date();
    // The default stays the default until another address takes over: there is always one.
    const isDefault = wanted || existing.isDefault;
    if (isDefault && !existing.isDefault) await clearDefault(tx, userId, now);
    await tx
      .update(addresses)
      .set({ ...fields, isDefault, updatedAt: now })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    return { done: `"${fields.label}" was saved.` };
  });
}

export async function deleteAddress(
  db: Database,
  userId: string,
  form: FormData,
): Promise<AddressResult> {
  const addressId = String(form.get("addressId") ?? "");
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ label: addresses.label, isDefault: addresses.isDefault });
    if (!removed) return { status: 404, errors: { form: missingAddress } };
    if (removed.isDefault) {
      // The oldest remaining address takes over as the default.
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) {
        await tx
          .update(addresses)
          .set({ isDefault: true, updatedAt: new Date() })
          .where(eq(addresses.id, next.id));
      }
    }
    return { done: `"${removed.label}" was deleted.` };
  });
}

export async function makeDefaultAddress(
  db: Database,
  userId: string,
  form: FormData,
): Promise<AddressResult> {
  const addressId = String(form.get("addressId") ?? "");
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [target] = await tx
      .select({ label: addresses.label, isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!target) return { status: 404, errors: { form: missingAddress } };
    if (!target.isDefault) {
      const now = new Date();
      await tx
        .update(addresses)
        .set({ isDefault: false, updatedAt: now })
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.isDefault, true),
            ne(addresses.id, addressId),
          ),
        );
      await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: now })
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    }
    return { done: `"${target.label}" is now your default address.` };
  });
}
