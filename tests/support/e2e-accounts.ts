// The e2e server's prepared accounts that the browser specs sign in as, apart from
// e2e-fixtures.ts so that every spec can read them without loading the server's modules.

export const e2ePassword = "e2e Oja password, long enough 42";

/**
 * Shoppers for `accountTest` (tests/e2e/fixtures.ts), one per Playwright worker process of the
 * run: made here, because sign-ups through /CreateAccount are limited to 10 an hour from one IP
 * and each new worker (after a failure, or for a retry) would spend one more. Like an account
 * made through the page, they have not confirmed their email.
 */
export const e2eSharedShoppers = {
  count: 44,
  name: "Adaeze Okafor",
  email: (index: number) => `shared-${index}@e2e.oja.test`,
} as const;
