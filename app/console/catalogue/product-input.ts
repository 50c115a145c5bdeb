import { type Kobo, parseNaira } from "#app/money.ts";
import { plainLine } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";
import { productLimits, productSlugPattern, productStatuses } from "./product-limits.ts";

/**
 * What a product is made of when a member types it (the product form) or imports it (a CSV
 * line): one set of rules for both, and for the browser's hints. Messages start with the field's
 * plain name ("Price must be…") so they read under a form field and, lower-cased, after
 * "Line 7: " in an import report.
 */
export {
  type CsvColumn,
  csvColumns,
  type ImportReport,
  maxImportBytes,
  maxImportRows,
  type ProductStatus,
  productLimits,
  productSlugPattern,
  productStatuses,
} from "./product-limits.ts";

const nairaExample = "12500.00";

function naira(label: string, optional: boolean) {
  return z
    .string({ message: `${label} is needed, like ${nairaExample}` })
    .trim()
    .transform((text, ctx): Kobo | null => {
      if (text === "") {
        if (optional) return null;
        ctx.addIssue({ code: "custom", message: `${label} is needed, like ${nairaExample}` });
        return z.NEVER;
      }
      const value = parseNaira(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number like ${nairaExample}` });
        return z.NEVER;
      }
      if (value <= 0 || value > productLimits.maxPriceKobo) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be above ₦0 and at most ₦100,000,000`,
        });
        return z.NEVER;
      }
      return value;
    });
}

/** A list typed as "S, M, L" (the form) or "S|M|L" (CSV): trimmed, blanks and repeats dropped. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(/[|,]/)) {
    const item = raw.trim().replace(/\s+/g, " ");
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

function list(label: string, most: number, longest: number, lowerCase: boolean) {
  return z
    .string()
    .transform((text) => splitList(lowerCase ? text.toLowerCase() : text))
    .refine((items) => items.length <= most, `${label} can have at most ${most} entries`)
    .refine(
      (items) => items.every((item) => item.length <= longest),
      `${label}: each entry can have at most ${longest} characters`,
    );
}

const fields = {
  name: z
    .string({ message: "Name is needed" })
    .trim()
    .min(1, "Name is needed")
    .max(productLimits.name, `Name must be at most ${productLimits.name} characters`)
    .superRefine(plainLine),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(productLimits.slug, `Slug must be at most ${productLimits.slug} characters`)
    .refine(
      (slug) => slug === "" || productSlugPattern.test(slug),
      "Slug may use only letters, numbers and single hyphens, like red-ankara-dress",
    ),
  description: z
    .string()
    .trim()
    .max(
      productLimits.description,
      `Description must be at most ${productLimits.description} characters`,
    ),
  price: naira("Price", false).transform((value) => value as Kobo),
  compareAt: naira("Compare-at price", true),
  sizes: list("Sizes", productLimits.sizes, productLimits.sizeLength, false),
  stock: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const stock = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
      if (!(stock <= productLimits.maxStock)) {
        ctx.addIssue({
          code: "custom",
          message: `Stock must be a whole number from 0 to ${productLimits.maxStock}`,
        });
        return z.NEVER;
      }
      return stock;
    }),
  tags: list("Tags", productLimits.tags, productLimits.tagLength, true),
};

function compareAtAbovePrice(value: { price: Kobo; compareAt: Kobo | null }, ctx: z.RefinementCtx) {
  if (value.compareAt !== null && value.compareAt <= value.price) {
    ctx.addIssue({
      code: "custom",
      path: ["compareAt"],
      message: "Compare-at price must be above the price (it shows the saving)",
    });
  }
}

/**
 * The product form. Status is draft or active here: archiving has its own button. Pictures are
 * the ids of uploaded images, in the order they are shown (the first is the main one).
 */
export const productFormSchema = z
  .object({
    ...fields,
    status: z.enum(["draft", "active"], { message: "Status must be draft or active" }),
    images: z
      .array(z.string().regex(/^img_[0-9a-z]{16}$/, "That picture is not one of ours"))
      .max(productLimits.images, `A product can have at most ${productLimits.images} pictures`),
  })
  .superRefine(compareAtAbovePrice);

export type ProductFormInput = z.output<typeof productFormSchema>;

/** One line of an import, by column name; the slug is required there, as it names the product. */
export const productCsvSchema = z
  .object({
    slug: fields.slug.refine((slug) => slug !== "", "Slug is needed: it names the product"),
    name: fields.name,
    description: fields.description,
    price_naira: fields.price,
    compare_at_naira: fields.compareAt,
    sizes: fields.sizes,
    stock: fields.stock,
    tags: fields.tags,
    status: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(productStatuses, { message: "Status must be draft, active or archived" })),
  })
  .transform((row) => ({
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_naira,
    compareAt: row.compare_at_naira,
    sizes: row.sizes,
    stock: row.stock,
    tags: row.tags,
    status: row.status,
  }))
  .superRefine((value, ctx) => {
    if (value.compareAt !== null && value.compareAt <= value.price) {
      ctx.addIssue({
        code: "custom",
        path: ["compare_at_naira"],
        message: "Compare-at price must be above the price",
      });
    }
  });

export type ProductCsvRow = z.output<typeof productCsvSchema>;

/**
 * The form's fields as the schema reads them: every value a string, pictures a list. A field left
 * out of the post counts as empty (a stock left out is 0); name, price and status must be there.
 */
export function productFormValues(form: FormData) {
  const text = (name: string, fallback?: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : fallback;
  };
  return {
    name: text("name"),
    slug: text("slug", ""),
    description: text("description", ""),
    price: text("price"),
    compareAt: text("compareAt", ""),
    sizes: text("sizes", ""),
    stock: text("stock", "0"),
    tags: text("tags", ""),
    status: text("status"),
    images: form.getAll("image").filter((value) => typeof value === "string"),
  };
}
