/** A collection's limits, for the form's hints without zod (decision 015); rules: collection-input.ts. */
export const collectionLimits = { name: 80, slug: 60, description: 1000, products: 500 } as const;
