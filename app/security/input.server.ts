import type { MiddlewareFunction } from "react-router";
import { requestContext } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";

/**
 * The app's half of the shared parsing layer (server/request-input.ts): a request whose address
 * or form could not be read is answered 400, in the app's layout with the reason, before any
 * session lookup, loader or action touches it.
 */
export const refuseUnreadableInput: MiddlewareFunction<Response> = async (
  { context, request },
  next,
) => {
  const problem = context.get(requestContext).inputProblem;
  if (problem) throw publicError(400, problem);
  const response = await next();
  // The framework answers a POST to a page without an action (or a GET to a route without a
  // loader) 405, with a developer's explanation naming route files in the page's data. A
  // stranger gets the plain answer (the webhook's own 405 is already plain).
  if (response.status === 405 && !response.headers.has("Allow")) {
    return new Response("Method Not Allowed", {
      status: 405,
      headers: {
        // A page takes GET; a resource route without a loader takes only its POST.
        Allow: request.method === "GET" || request.method === "HEAD" ? "POST" : "GET, HEAD",
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      },
    });
  }
  return response;
};
