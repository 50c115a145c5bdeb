import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response: given by entry.server.tsx on the server, and
 * read back from the page's scripts by entry.client.tsx so hydration sees the same value.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
