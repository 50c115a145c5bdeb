import type { RouterContextProvider } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { mayUseTestHooks, testHooksHeader } from "./test-hooks.ts";

/** For a test-mode page's loader: 404 unless mayUseTestHooks. */
export function requireTestHooks(context: Readonly<RouterContextProvider>, request: Request) {
  const allowed = mayUseTestHooks(services(context).settings, {
    isAdmin: currentUser(context)?.role === "admin",
    token: request.headers.get(testHooksHeader),
  });
  if (!allowed) throw notFound(new URL(request.url));
}
