import type { MiddlewareFunction } from "react-router";
import { requestContext } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";

/**
 * The app's half of the shared parsing layer (server/request-input.ts): a request whose address
 * or form could not be read is answered 400, in the app's layout with the reason, before any
 * session lookup, loader or action touches it.
 */
export const refuseUnreadableInput: MiddlewareFunction<Response> = ({ context }, next) => {
  const problem = context.get(requestContext).inputProblem;
  if (problem) throw publicError(400, problem);
  return next();
};
