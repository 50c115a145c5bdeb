import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { controlInAddress, controlInField } from "#app/plain-text.ts";

/**
 * The one parsing layer every request passes before the app (issue 16, decision 029): an address
 * that does not decode, a hidden control character in the address or in any form field, a body
 * that is not a web form, or a form that does not parse is refused here with 400 and a message a
 * person can act on, so no route, loader or query ever sees it (PostgreSQL refuses NUL bytes
 * with an error, and the framework answers a broken form with a 500). Pages show the message in
 * the app's layout: the problem travels in `res.locals.inputProblem` to the root middleware
 * (app/root.tsx), which throws it before any loader or action runs. The JSON API answers
 * `{ error }`.
 */

/** Bodies read as they came: Paystack signs the webhook's bytes, and the route checks them. */
const rawBodyPaths = [/^\/api\/payments\/paystack\/webhook\/?$/i];
const apiPath = /^\/api\//i;

/** Short enough to head the error page; each says what to do next. */
export const inputMessages = {
  brokenAddress: "This link is broken: check it and try again",
  controlInAddress: "This link has a hidden character in it: check it and try again",
  controlInForm: "The form had a hidden character in it: retype it and send it again",
  notAForm: "This page takes web forms only: send it from the page itself",
  brokenForm: "The form arrived broken: please send it again",
} as const;

/** Decodes a path or query piece; undefined when a % escape is broken or not UTF-8. */
function decoded(piece: string): string | undefined {
  try {
    return decodeURIComponent(piece);
  } catch {
    return undefined;
  }
}

/** What is wrong with an address (path and query as sent), or undefined when it reads cleanly. */
export function addressProblem(url: string): string | undefined {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
  const readablePath = decoded(path);
  if (readablePath === undefined) return inputMessages.brokenAddress;
  if (controlInAddress.test(readablePath)) return inputMessages.controlInAddress;
  // The query is read as the app reads it (URLSearchParams keeps a stray `%`, as in a link's
  // `?offer=50%off`, and replaces bytes that aren't UTF-8): only what it yields is checked.
  for (const [name, value] of new URLSearchParams(query)) {
    if (controlInField.test(name) || controlInField.test(value)) {
      return inputMessages.controlInAddress;
    }
  }
  return undefined;
}

/**
 * The address with a path that doesn't decode made literal (`/%ZZ` → `/%25ZZ`), so routing can
 * read it and the error page can show it; the query is left as it came.
 */
export function readablePath(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart);
  return (decoded(path) === undefined ? path.replaceAll("%", "%25") : path) + query;
}

function isFormType(contentType: string): "urlencoded" | "multipart" | undefined {
  const type = contentType.split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
}

/**
 * What is wrong with a request body, or undefined when it is a web form whose every field
 * name, text value and file name is free of control characters. An empty body is an empty form.
 */
export async function bodyProblem(
  contentType: string | undefined,
  body: Buffer,
): Promise<string | undefined> {
  if (body.length === 0) return undefined;
  const kind = isFormType(contentType ?? "");
  if (!kind) return inputMessages.notAForm;
  let fields: Iterable<[string, FormDataEntryValue]>;
  if (kind === "urlencoded") {
    fields = new URLSearchParams(body.toString("utf8"));
  } else {
    try {
      fields = await new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { "Content-Type": contentType ?? "" },
      }).formData();
    } catch {
      return inputMessages.brokenForm;
    }
  }
  for (const [name, value] of fields) {
    const text = typeof value === "string" ? value : value.name;
    if (controlInField.test(name) || controlInField.test(text)) return inputMessages.controlInForm;
  }
  return undefined;
}

function refuse(request: ExpressRequest, response: ExpressResponse, problem: string) {
  if (apiPath.test(request.path)) {
    response.status(400).set("Cache-Control", "no-store").json({ error: problem });
    return false;
  }
  response.locals.inputProblem = problem;
  return true;
}

/**
 * Before anything routes by the address: a broken or control-laden address is refused. A page's
 * address is made readable so the router can still lay out the error page around the message.
 */
export function checkAddress() {
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    const problem = addressProblem(request.url);
    if (!problem) return next();
    if (!refuse(request, response, problem)) return;
    request.url = readablePath(request.url);
    request.originalUrl = readablePath(request.originalUrl);
    next();
  };
}

/**
 * After boundedBody has read the body into `req.body`: a body that is not a clean web form is
 * refused, and dropped, so no action reads it. An empty body is an empty form, whatever its type.
 */
export function checkBody() {
  return async (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    const body: unknown = request.body;
    if (!Buffer.isBuffer(body) || rawBodyPaths.some((path) => path.test(request.path))) {
      return next();
    }
    if (body.length === 0 && !isFormType(request.headers["content-type"] ?? "")) {
      request.headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const problem = await bodyProblem(request.headers["content-type"], body);
    if (!problem) return next();
    if (!refuse(request, response, problem)) return;
    request.body = Buffer.alloc(0);
    request.headers["content-type"] = "application/x-www-form-urlencoded";
    delete request.headers["content-length"];
    delete request.headers["transfer-encoding"];
    next();
  };
}
