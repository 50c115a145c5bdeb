import { once } from "node:events";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { boundedBody } from "./request-handler.ts";
import {
  addressProblem,
  bodyProblem,
  checkAddress,
  checkBody,
  inputMessages,
  readablePath,
} from "./request-input.ts";

describe("an address", () => {
  test.each([
    ["/", undefined],
    ["/search/caf%C3%A9?city=Lagos&q=a+b", undefined],
    ["/search/%D8%B3%D9%88%D9%82", undefined],
    ["/%ZZ", inputMessages.brokenAddress],
    ["/search/%E0%A4%A", inputMessages.brokenAddress],
    // A lone surrogate's bytes are not UTF-8.
    ["/search/%ED%A0%80", inputMessages.brokenAddress],
    // A stray % in the query stays literal, as the app reads it.
    ["/?offer=50%off&q=%ED%A0%80", undefined],
    ["/b%00c", inputMessages.controlInAddress],
    ["/search/a%0Ab", inputMessages.controlInAddress],
    ["/?city=%00", inputMessages.controlInAddress],
    ["/api/search/suggest?q=ma%1B", inputMessages.controlInAddress],
  ])("%s", (url, problem) => {
    expect(addressProblem(url)).toBe(problem);
  });

  test("a path that doesn't decode is made literal for the error page; the query stays", () => {
    expect(readablePath("/%ZZ/a%2?q=%41")).toBe("/%25ZZ/a%252?q=%41");
    expect(decodeURIComponent(readablePath("/%ZZ"))).toBe("/%ZZ");
    expect(decodeURIComponent(readablePath("/a%ED%A0%80b"))).toBe("/a%ED%A0%80b");
    expect(readablePath("/b%00c")).toBe("/b%00c");
  });
});

describe("a body", () => {
  const form = "application/x-www-form-urlencoded";
  const multipart = (fields: string) =>
    new Blob([
      `--xx\r\nContent-Disposition: form-data; name="name"\r\n\r\n${fields}\r\n`,
      `--xx\r\nContent-Disposition: form-data; name="picture"; filename="a.jpg"\r\n`,
      "Content-Type: image/jpeg\r\n\r\n\u0000\u0001binary\u0000\r\n--xx--\r\n",
    ]);
  const bytes = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());

  test("a clean web form passes, line breaks and tabs in a text area included", async () => {
    const text = new URLSearchParams({ name: "Adé", notes: "line one\r\nline two\tend" });
    expect(await bodyProblem(form, Buffer.from(text.toString()))).toBeUndefined();
  });

  test("a file's own bytes may be anything; its text fields may not", async () => {
    const type = "multipart/form-data; boundary=xx";
    expect(await bodyProblem(type, await bytes(multipart("Mama Put")))).toBeUndefined();
    expect(await bodyProblem(type, await bytes(multipart("Mama\u0000Put")))).toBe(
      inputMessages.controlInForm,
    );
  });

  test.each([
    ["a NUL in a value", form, "email=a%00b", inputMessages.controlInForm],
    ["a NUL in a name", form, "em%00ail=a", inputMessages.controlInForm],
    ["an escape key", form, "name=%1B%5B2J", inputMessages.controlInForm],
    ["JSON", "application/json", '{"email":"a"}', inputMessages.notAForm],
    ["plain text", "text/plain", "email=a", inputMessages.notAForm],
    ["no type at all", undefined, "email=a", inputMessages.notAForm],
    ["a broken multipart", "multipart/form-data; boundary=xx", "garbage", inputMessages.brokenForm],
    ["a multipart without a boundary", "multipart/form-data", "--xx\r\n", inputMessages.brokenForm],
  ])("%s is refused", async (_name, type, body, problem) => {
    expect(await bodyProblem(type, Buffer.from(body))).toBe(problem);
  });
});

/**
 * The layer in a real Express server, as server/app.ts mounts it: what reaches the handler (the
 * app) and what is answered before it.
 */
describe("through the server", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(checkAddress());
    app.use(
      boundedBody({ formBytes: 64 * 1024, uploadBytes: 64 * 1024 }),
      checkBody(),
      (request, response) => {
        const body = Buffer.isBuffer(request.body) ? request.body.toString() : null;
        response.json({
          url: request.originalUrl,
          problem: response.locals.inputProblem ?? null,
          body,
          type: request.headers["content-type"] ?? null,
        });
      },
    );
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("a page with a broken address reaches the app readable, with the problem to show", async () => {
    const answer = await (await fetch(`${base}/%ZZ`)).json();
    expect(answer).toMatchObject({ url: "/%25ZZ", problem: inputMessages.brokenAddress });
  });

  test("the JSON API answers 400 itself", async () => {
    const response = await fetch(`${base}/api/search/suggest?q=%00`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: inputMessages.controlInAddress });
  });

  test("a refused form reaches the app empty, so no action can read any of it", async () => {
    const response = await fetch(`${base}/Login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@b.c" }),
    });
    expect(await response.json()).toEqual({
      url: "/Login",
      problem: inputMessages.notAForm,
      body: "",
      type: "application/x-www-form-urlencoded",
    });
  });

  test("an empty body is an empty form, whatever type it claims", async () => {
    for (const headers of [{}, { "Content-Type": "text/plain" }] as Record<string, string>[]) {
      const answer = await (await fetch(`${base}/Login`, { method: "POST", headers })).json();
      expect(answer).toMatchObject({ problem: null, type: "application/x-www-form-urlencoded" });
    }
  });

  test("Paystack's webhook keeps its bytes: its route checks them", async () => {
    const body = '{"event":"charge.success","data":{"reference":"a\\u0000"}}';
    const answer = await (
      await fetch(`${base}/api/payments/paystack/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      })
    ).json();
    expect(answer).toMatchObject({ problem: null, body });
  });
});
