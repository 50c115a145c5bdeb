/**
 * A product's limits and states, for the product form's hints in the browser and for the rules
 * (product-input.ts). Without zod, which the pages that show these limits don't load
 * (decision 015).
 */
export const productStatuses = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const productLimits = {
  name: 120,
  slug: 80,
  description: 5000,
  /** ₦100,000,000 */
  maxPriceKobo: 10_000_000_000,
  maxStock: 1_000_000,
  sizes: 20,
  sizeLength: 24,
  tags: 20,
  tagLength: 30,
  images: 10,
} as const;

export const productSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The columns of the product CSV, in the order the export writes them. */
export const csvColumns = [
  "slug",
  "name",
  "description",
  "price_naira",
  "compare_at_naira",
  "sizes",
  "stock",
  "tags",
  "status",
] as const;
export type CsvColumn = (typeof csvColumns)[number];

export const maxImportBytes = 2 * 1024 * 1024;
export const maxImportRows = 5000;

/** What an import did: everything, or nothing and why. */
export type ImportReport =
  | { ok: true; created: number; updated: number }
  | { ok: false; problems: string[] };
