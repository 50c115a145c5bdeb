import { testHooksHeader } from "#app/security/test-hooks.ts";

/**
 * The test suite's token for test mode's hooks (/dev/mailbox, /_paystack/_test): the servers the
 * suite starts are given it as TEST_HOOKS_TOKEN, and every request of the suite carries it.
 */
export const testHooksToken = "oja-test-suite-hooks-token-0123456789abcdef";
export const testHooksHeaders = { [testHooksHeader]: testHooksToken };
