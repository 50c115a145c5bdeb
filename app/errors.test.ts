import { data, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, test } from "vitest";
import { describeError, notFound, publicError } from "./errors.ts";

// data() builds what a loader throws; the router turns it into an ErrorResponse on its way to
// the boundary. This does the same, so the unit test sees what the boundary sees.
function thrown(value: ReturnType<typeof data>) {
  return new ErrorResponseImpl(value.init?.status ?? 500, "", value.data);
}

describe("the error page", () => {
  test("a missing page is the 404 view titled Page Not Found, naming the path", () => {
    const view = describeError(thrown(notFound("/no/such/page")));
    expect(view).toEqual({
      kind: "not-found",
      status: 404,
      title: "Page Not Found",
      message: "Page not found: /no/such/page",
    });
  });

  test("an error raised for people shows its own message and status", () => {
    const view = describeError(thrown(publicError(503, "Payments are paused")));
    expect(view).toEqual({ kind: "error", status: 503, title: "Payments are paused" });
  });

  test("a thrown Error never shows its message: it may hold SQL or internals", () => {
    const view = describeError(new Error('relation "users" does not exist'));
    expect(view).toEqual({ kind: "error", status: 500, title: "Internal Server Error" });
  });

  test("a status without a message defaults to Internal Server Error", () => {
    const view = describeError(thrown(data(null, { status: 502 })));
    expect(view).toEqual({ kind: "error", status: 502, title: "Internal Server Error" });
  });

  test("the framework's own error (a POST to a page without an action) shows only its status text", () => {
    const frameworkMade = new ErrorResponseImpl(
      405,
      "Method Not Allowed",
      new Error('You made a POST request to "/" but did not provide an `action` for route "root"'),
      true,
    );
    expect(describeError(frameworkMade)).toEqual({
      kind: "error",
      status: 405,
      title: "Method Not Allowed",
    });
  });

  test("anything else thrown is a 500", () => {
    expect(describeError("oops")).toEqual({
      kind: "error",
      status: 500,
      title: "Internal Server Error",
    });
    expect(describeError(undefined).status).toBe(500);
  });
});
