import { data, isRouteErrorResponse } from "react-router";

/**
 * Errors meant for people travel as route error responses whose data is `{ message }`; the
 * shared error boundary shows that message. Anything else thrown is an internal failure and
 * shows only "Internal Server Error".
 */
export interface PublicErrorData {
  message: string;
}

/** The spec's message, with the path as people typed it (`/café`, not `/caf%C3%A9`). */
export function notFoundMessage(pathname: string): string {
  let readable = pathname;
  try {
    readable = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as it came.
  }
  return `Page not found: ${readable}`;
}

/** Throw from a loader or action when the page or record does not exist, or is not yours. */
export function notFound(url: URL | string) {
  const pathname = typeof url === "string" ? url : url.pathname;
  return data<PublicErrorData>({ message: notFoundMessage(pathname) }, { status: 404 });
}

/** Throw when a failure has a message a person can act on (status 4xx or 5xx). */
export function publicError(status: number, message: string) {
  return data<PublicErrorData>({ message }, { status });
}

export interface ErrorView {
  kind: "not-found" | "error";
  status: number;
  title: string;
  message?: string;
}

function publicMessage(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim()) return value;
  if (value && typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return undefined;
}

/**
 * What the error page shows for anything thrown. Status 404 is the "Page Not Found" view; every
 * other status (default 500) is the generic view with "Internal Server Error" or the error's own
 * message when it was raised for people. A plain Error's message is never shown: it may hold
 * SQL, paths or other internals.
 */
export function describeError(error: unknown): ErrorView {
  const response = isRouteErrorResponse(error) ? error : undefined;
  if (response?.status === 404) {
    return {
      kind: "not-found",
      status: 404,
      title: "Page Not Found",
      message: publicMessage(response.data),
    };
  }
  // The framework's own errors (a POST to a page with no action: 405) carry a developer's
  // explanation naming route files; people get the plain status text.
  if (response && "internal" in response && response.internal === true) {
    return { kind: "error", status: response.status, title: response.statusText || "Error" };
  }
  if (response) {
    const message = publicMessage(response.data);
    return {
      kind: "error",
      status: response.status,
      title: message ?? "Internal Server Error",
    };
  }
  return { kind: "error", status: 500, title: "Internal Server Error" };
}
