import { plainLine } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";
import { collectionLimits } from "./collection-limits.ts";
import { productSlugPattern } from "./product-limits.ts";

/** A collection as the console's forms post it (shared by the browser and the server). */
export { collectionLimits };

export const collectionFormSchema = z.object({
  name: z
    .string({ message: "Name is needed" })
    .trim()
    .min(1, "Name is needed")
    .max(collectionLimits.name, `Name must be at most ${collectionLimits.name} characters`)
    .superRefine(plainLine),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(collectionLimits.slug, `Slug must be at most ${collectionLimits.slug} characters`)
    .refine(
      (slug) => slug === "" || productSlugPattern.test(slug),
      "Slug may use only letters, numbers and single hyphens, like new-arrivals",
    ),
  description: z
    .string()
    .trim()
    .max(
      collectionLimits.description,
      `Description must be at most ${collectionLimits.description} characters`,
    ),
});

export type CollectionFormInput = z.output<typeof collectionFormSchema>;

export function collectionFormValues(form: FormData) {
  const text = (name: string, fallback?: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : fallback;
  };
  return { name: text("name"), slug: text("slug", ""), description: text("description", "") };
}

/** The chosen products, in the order chosen; at most 500, each an id of ours. */
export const collectionProductsSchema = z
  .array(z.string().regex(/^prd_[0-9a-z]{16}$/, "Choose products from the list"))
  .max(
    collectionLimits.products,
    `A collection can hold at most ${collectionLimits.products} products`,
  )
  .transform((ids) => [...new Set(ids)]);
